import { EPISODE_CATEGORIES, PODCAST_STATUSES, type Podcast, type PodcastStatus } from '@podz/proto';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, capitalize } from '../../../lib/format';
import { useUi } from '../../../stores/ui-store';
import { useRemoveShow, useUpdateShow, type ShowChanges } from '../api/manage-shows-api';

const STATUS_STYLE: Record<PodcastStatus, string> = {
  published: 'bg-emerald-100 text-emerald-900',
  draft: 'bg-amber-100 text-amber-900',
  scheduled: 'bg-sky-100 text-sky-900',
  archived: 'bg-slate-200 text-slate-800',
};

function QuickEdit({ show, onDone }: { show: Podcast; onDone: () => void }) {
  const [name, setName] = useState(show.name);
  const [category, setCategory] = useState<string>(show.category);
  const [status, setStatus] = useState<PodcastStatus>(show.status);
  const update = useUpdateShow();
  const showModal = useUi((state) => state.showModal);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { id: show.id, name, category: category as Podcast['category'], status },
      {
        onSuccess: (saved) => {
          showModal({ kind: 'success', title: 'Show saved', message: `${saved.name} is saved.` });
          onDone();
        },
        onError: (error) => showModal({ kind: 'error', title: 'Not saved', message: errorMessage(error) }),
      },
    );
  };
  return (
    <form
      aria-label={`Edit ${show.name}`}
      onSubmit={onSubmit}
      className="mt-3 space-y-3 rounded-lg bg-slate-50 p-3"
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField label="Name" value={name} onChange={(event) => setName(event.target.value)} />
        <SelectField
          label="Category"
          value={category}
          options={EPISODE_CATEGORIES.map((value) => ({ value, label: value }))}
          onChange={(event) => setCategory(event.target.value)}
        />
        <SelectField
          label="Status"
          value={status}
          // Scheduling needs a time: the owner's show form picks it.
          options={PODCAST_STATUSES.filter((value) => value !== 'scheduled' || show.status === value).map(
            (value) => ({ value, label: capitalize(value) }),
          )}
          onChange={(event) => setStatus(event.target.value as PodcastStatus)}
        />
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          Save show
        </Button>
      </div>
    </form>
  );
}

/**
 * One show in the admins' console: who owns it, its state, and what an admin does with it.
 * Featuring puts a published show in the Shows menu and on the home page.
 */
export function ManagedShowRow({ show }: { show: Podcast }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateShow();
  const remove = useRemoveShow();
  const confirm = useUi((state) => state.confirm);
  const showModal = useUi((state) => state.showModal);
  const busy = update.isPending || remove.isPending;

  const change = (changes: ShowChanges, title: string, message: string) =>
    update.mutate(
      { id: show.id, ...changes },
      {
        onSuccess: () => showModal({ kind: 'success', title, message }),
        onError: (error) => showModal({ kind: 'error', title: 'Not changed', message: errorMessage(error) }),
      },
    );
  const onDelete = async () => {
    const confirmed = await confirm({
      title: 'Delete show?',
      message: `${show.name} and all its episodes will be deleted for its owner and listeners.`,
    });
    if (!confirmed) return;
    // Awaited: the list refreshes without this row before per-call callbacks could run.
    try {
      await remove.mutateAsync(show.id);
      showModal({ kind: 'success', title: 'Show deleted', message: `${show.name} is gone.` });
    } catch (error) {
      showModal({ kind: 'error', title: 'Not deleted', message: errorMessage(error) });
    }
  };

  const published = show.status === 'published';
  return (
    <li aria-label={show.name} className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start gap-3">
        <img src={show.logoPath} alt="" className="size-14 shrink-0 rounded-lg object-cover" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-slate-900">
            {published ? (
              <Link to={paths.show.href(show.uId)} className="hover:underline">
                {show.name}
              </Link>
            ) : (
              show.name
            )}
          </p>
          <p className="text-sm text-slate-600">
            {show.category} · by {show.owner.username} · added {formatDate(show.createdAt)} ·{' '}
            {show.followerCount} {show.followerCount === 1 ? 'follower' : 'followers'}
          </p>
          {show.sourceFeedUrl && (
            <p className="truncate text-xs text-slate-600">Imported from {show.sourceFeedUrl}</p>
          )}
        </div>
        <div className="flex flex-wrap gap-1">
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${STATUS_STYLE[show.status]}`}
          >
            {show.status}
          </span>
          {show.featured && (
            <span className="rounded-full bg-indigo-100 px-2.5 py-0.5 text-xs font-semibold text-indigo-900">
              Featured
            </span>
          )}
        </div>
      </div>
      {editing && <QuickEdit show={show} onDone={() => setEditing(false)} />}
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <Button variant="ghost" disabled={busy} onClick={() => void onDelete()}>
          Delete
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() =>
            published
              ? change(
                  { status: 'draft' },
                  'Show unpublished',
                  `${show.name} is a draft: only its owner and admins see it.`,
                )
              : change({ status: 'published' }, 'Show published', `${show.name} is public.`)
          }
        >
          {published ? 'Unpublish' : 'Publish'}
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          title={published ? undefined : 'Only published shows appear where featured shows do'}
          onClick={() =>
            show.featured
              ? change(
                  { featured: false },
                  'Show unfeatured',
                  `${show.name} leaves the Shows menu and the home page.`,
                )
              : change(
                  { featured: true },
                  'Show featured',
                  published
                    ? `${show.name} is in the Shows menu and on the home page.`
                    : `${show.name} is featured; it appears once it is published.`,
                )
          }
        >
          {show.featured ? 'Unfeature' : 'Feature'}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => setEditing(!editing)}>
          Edit
        </Button>
      </div>
    </li>
  );
}
