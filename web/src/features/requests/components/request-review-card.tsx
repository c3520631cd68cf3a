import { REVIEW_NOTE_MAX, type AccessRequest, type RequestRole } from '@podz/proto';
import { useId, useState } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useUi } from '../../../stores/ui-store';
import { useRemoveRequest, useReviewRequest } from '../api/review-requests-api';

export const ROLE_LABEL: Record<RequestRole, string> = { owner: 'Podcaster', guest: 'Guest' };

const STATUS_STYLE: Record<AccessRequest['status'], string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-emerald-100 text-emerald-900',
  rejected: 'bg-red-100 text-red-900',
};

/**
 * One access request as an admin reviews it: who asked for what, their message and links (as text
 * and plain links: nothing a requester typed is rendered as markup), and for a pending request a
 * note and the decision. The result is shown in the global modal.
 */
export function RequestReviewCard({ request }: { request: AccessRequest }) {
  const noteId = useId();
  const [note, setNote] = useState('');
  const review = useReviewRequest();
  const remove = useRemoveRequest();
  const showModal = useUi((state) => state.showModal);
  const confirm = useUi((state) => state.confirm);
  const who = request.requester.username;
  const role = ROLE_LABEL[request.role];

  // Awaited rather than per-call callbacks: the list refreshes without this card (it left the
  // filter, or is gone) before those could run.
  const decide = async (status: 'approved' | 'rejected') => {
    try {
      await review.mutateAsync({ id: request.id, status, note });
      showModal({
        kind: 'success',
        title: status === 'approved' ? 'Request approved' : 'Request rejected',
        message:
          status === 'approved'
            ? `${who} is now a ${role.toLowerCase()}. They are told in a message.`
            : `${who} is told in a message${note ? ', with your note' : ''}.`,
      });
    } catch (error) {
      showModal({ kind: 'error', title: 'Review failed', message: errorMessage(error) });
    }
  };

  const onDelete = async () => {
    const confirmed = await confirm({
      title: 'Delete request?',
      message: `The ${role.toLowerCase()} request of ${who} will be deleted.`,
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(request.id);
      showModal({ kind: 'success', title: 'Request deleted', message: `${who}'s request is gone.` });
    } catch (error) {
      showModal({ kind: 'error', title: 'Delete failed', message: errorMessage(error) });
    }
  };

  const busy = review.isPending || remove.isPending;
  return (
    <li
      className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
      aria-label={`${role} request from ${who}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <Avatar src={request.requester.profilePicture} name={who} />
          <div className="min-w-0">
            <p className="truncate font-semibold text-slate-900">{who}</p>
            <p className="text-sm text-slate-600">
              {role} · asked {formatDate(request.createdAt)}
            </p>
          </div>
        </div>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${STATUS_STYLE[request.status]}`}
        >
          {request.status}
        </span>
      </div>
      {request.message ? (
        <p className="mt-3 whitespace-pre-line break-words text-slate-800">{request.message}</p>
      ) : (
        <p className="mt-3 text-sm text-slate-600">No message.</p>
      )}
      {request.links.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm">
          {request.links.map((link) => (
            <li key={link} className="truncate">
              <a
                href={link}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="text-indigo-700 underline"
              >
                {link}
              </a>
            </li>
          ))}
        </ul>
      )}
      {request.review && (
        <p className="mt-3 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">
          {request.status === 'approved' ? 'Approved' : 'Rejected'} by {request.review.reviewer.username} on{' '}
          {formatDate(request.review.reviewedAt)}
          {request.review.note ? `: ${request.review.note}` : '.'}
        </p>
      )}
      {request.status === 'pending' && (
        <div className="mt-4">
          <label htmlFor={noteId} className="block text-sm font-medium text-slate-800">
            Note to {who} (optional)
          </label>
          <textarea
            id={noteId}
            rows={2}
            maxLength={REVIEW_NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900 shadow-sm focus:border-indigo-600 focus:outline-none focus:ring-2 focus:ring-indigo-600/30"
          />
        </div>
      )}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="ghost" disabled={busy} onClick={() => void onDelete()}>
          Delete
        </Button>
        {request.status === 'pending' && (
          <>
            <Button variant="secondary" disabled={busy} onClick={() => void decide('rejected')}>
              Reject
            </Button>
            <Button disabled={busy} onClick={() => void decide('approved')}>
              Approve
            </Button>
          </>
        )}
      </div>
    </li>
  );
}
