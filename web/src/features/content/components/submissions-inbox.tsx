import { FORM_KINDS, type FormKind, type FormSubmission } from '@podz/proto';
import { Button } from '../../../components/ui/button';
import { AnySelect, SelectField } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { oneOf, useFilterParams } from '../../../lib/use-filter-params';
import { usePageParam } from '../../../lib/use-page-param';
import { useUi } from '../../../stores/ui-store';
import { useDeleteSubmission, useMarkSubmission, useSubmissions } from '../api/forms-admin-api';

const KIND_LABEL: Record<FormKind, string> = { contact: 'Contact', advertise: 'Advertise' };

/** One submission as sent (shown as text: nothing a visitor typed is rendered as markup). */
function SubmissionCard({ submission }: { submission: FormSubmission }) {
  const mark = useMarkSubmission();
  const remove = useDeleteSubmission();
  const confirm = useUi((state) => state.confirm);
  const showModal = useUi((state) => state.showModal);
  const handled = submission.handledAt !== null;
  const busy = mark.isPending || remove.isPending;

  const onMark = () =>
    mark.mutate(
      { id: submission.id, handled: !handled },
      {
        onError: (error) => showModal({ kind: 'error', title: 'Not changed', message: errorMessage(error) }),
      },
    );
  const onDelete = async () => {
    const confirmed = await confirm({
      title: 'Delete submission?',
      message: `The ${KIND_LABEL[submission.kind].toLowerCase()} message from ${submission.name} will be deleted.`,
    });
    if (!confirmed) return;
    // Awaited: the list refreshes without this card before per-call callbacks could run.
    try {
      await remove.mutateAsync(submission.id);
      showModal({
        kind: 'success',
        title: 'Submission deleted',
        message: `${submission.name}'s message is gone.`,
      });
    } catch (error) {
      showModal({ kind: 'error', title: 'Not deleted', message: errorMessage(error) });
    }
  };

  return (
    <li
      aria-label={`${KIND_LABEL[submission.kind]} message from ${submission.name}`}
      className="rounded-xl border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">
            {submission.name}{' '}
            <a className="text-sm font-normal text-indigo-700 underline" href={`mailto:${submission.email}`}>
              {submission.email}
            </a>
          </p>
          <p className="text-sm text-slate-600">
            {KIND_LABEL[submission.kind]} · {formatDate(submission.receivedAt)}
          </p>
        </div>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${handled ? 'bg-emerald-100 text-emerald-900' : 'bg-amber-100 text-amber-900'}`}
        >
          {handled ? `Handled ${formatDate(submission.handledAt)}` : 'New'}
        </span>
      </div>
      {Object.entries(submission.details).length > 0 && (
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
          {Object.entries(submission.details).map(([field, value]) => (
            <div key={field} className="contents">
              <dt className="text-slate-600 capitalize">{field}</dt>
              <dd className="break-words text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <p className="mt-2 whitespace-pre-line break-words text-slate-800">{submission.message}</p>
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <Button variant="ghost" disabled={busy} onClick={() => void onDelete()}>
          Delete
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onMark}>
          {handled ? 'Mark as new' : 'Mark handled'}
        </Button>
      </div>
    </li>
  );
}

/**
 * What visitors sent from `/contact` and `/advertise`, newest first, ten to a page; all of them or
 * only those nobody has handled. The filters are in the URL (`kind`, `status=new`).
 */
export function SubmissionsInbox() {
  const { params, setFilter } = useFilterParams();
  const [page, setPage] = usePageParam();
  const kind = oneOf(params.get('kind'), FORM_KINDS);
  const onlyNew = params.get('status') === 'new';
  const submissions = useSubmissions(kind, onlyNew, page);
  return (
    <section aria-label="Inbox">
      <div className="mb-4 grid max-w-xl grid-cols-2 gap-4">
        <AnySelect
          label="Form"
          anyLabel="Both forms"
          value={kind}
          options={FORM_KINDS.map((value) => ({ value, label: KIND_LABEL[value] }))}
          onChange={(value) => setFilter('kind', value)}
        />
        <SelectField
          label="Show"
          value={onlyNew ? 'new' : 'all'}
          options={[
            { value: 'all', label: 'All messages' },
            { value: 'new', label: 'New only' },
          ]}
          onChange={(event) => setFilter('status', event.target.value === 'new' ? 'new' : undefined)}
        />
      </div>
      <QueryState
        query={submissions}
        loadingLabel="Loading submissions…"
        isEmpty={(data) => data.items.length === 0}
        empty={
          onlyNew
            ? 'Every message has been handled.'
            : 'Nobody has written through the contact or advertise forms yet.'
        }
      >
        {(data) => (
          <>
            <p className="mb-3 text-sm text-slate-600" aria-live="polite">
              {data.total} {data.total === 1 ? 'message' : 'messages'}
            </p>
            <ul className="space-y-3">
              {data.items.map((submission) => (
                <SubmissionCard key={submission.id} submission={submission} />
              ))}
            </ul>
            <Pagination page={data.page} totalPages={data.totalPages} onChange={setPage} />
          </>
        )}
      </QueryState>
    </section>
  );
}
