import { ACCESS_LABELS, type FullUser } from '@podz/proto';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useUi } from '../../../stores/ui-store';
import { useDeleteUser, useUserActivity } from '../api/users-admin-api';

/** What the user asked for and what they publish, loaded when the row is opened. */
function UserActivity({ user }: { user: FullUser }) {
  const activity = useUserActivity(user.id, true);
  if (activity.isPending) return <p className="text-sm text-slate-600">Loading…</p>;
  if (activity.isError) return <p className="text-sm text-red-700">{errorMessage(activity.error)}</p>;
  const { requests, shows } = activity.data;
  return (
    <div className="grid gap-3 text-sm sm:grid-cols-2">
      <div>
        <p className="font-semibold text-slate-900">Access requests</p>
        {requests.length === 0 ? (
          <p className="text-slate-600">None.</p>
        ) : (
          <ul>
            {requests.map((request) => (
              <li key={request.id}>
                <Link
                  className="text-indigo-700 underline"
                  to={`${paths.userRequests.href()}?status=${request.status}&role=${request.role}`}
                >
                  {ACCESS_LABELS[request.role]}: {request.status}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <p className="font-semibold text-slate-900">Published shows ({shows.total})</p>
        {shows.items.length === 0 ? (
          <p className="text-slate-600">None.</p>
        ) : (
          <ul>
            {shows.items.map((show) => (
              <li key={show.id}>
                <Link className="text-indigo-700 underline" to={paths.show.href(show.uId)}>
                  {show.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/** One account in the console, with edit, delete and what they asked for and publish. */
/** `billing`: the member's subscription and payments, from the billing pieces the route hands in. */
export function UserRow({
  user,
  onEdit,
  billing,
}: {
  user: FullUser;
  onEdit: () => void;
  billing: (user: FullUser) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [paymentsOpen, setPaymentsOpen] = useState(false);
  const remove = useDeleteUser();
  const confirm = useUi((state) => state.confirm);
  const showModal = useUi((state) => state.showModal);

  const onDelete = async () => {
    const confirmed = await confirm({
      title: 'Delete user?',
      message: `${user.username}'s account, shows and messages will be deleted. This cannot be undone.`,
    });
    if (!confirmed) return;
    // Awaited: the list refreshes without this row before per-call callbacks could run.
    try {
      await remove.mutateAsync(user.id);
      showModal({ kind: 'success', title: 'User deleted', message: `${user.username} is gone.` });
    } catch (error) {
      showModal({ kind: 'error', title: 'Not deleted', message: errorMessage(error) });
    }
  };

  return (
    <li aria-label={user.username} className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <Avatar src={user.profilePicture} name={user.username} />
          <div className="min-w-0">
            <p className="truncate font-semibold text-slate-900">{user.username}</p>
            <p className="truncate text-sm text-slate-600">{user.email}</p>
          </div>
        </div>
        <div className="text-right text-sm text-slate-700">
          <p>
            Plan <span className="font-semibold">{user.plan}</span>
          </p>
          <p className="text-xs text-slate-600">Joined {formatDate(user.createdAt)}</p>
        </div>
      </div>
      <ul aria-label="Access" className="mt-2 flex flex-wrap gap-1">
        {user.access.map((value) => (
          <li
            key={value}
            className={`rounded-full px-2 py-0.5 text-xs font-semibold ${value === user.role ? 'bg-indigo-100 text-indigo-900' : 'bg-slate-100 text-slate-800'}`}
          >
            {ACCESS_LABELS[value]}
            {value === user.role ? ' (role)' : ''}
          </li>
        ))}
      </ul>
      {open && (
        <div className="mt-3 rounded-lg bg-slate-50 p-3">
          <UserActivity user={user} />
        </div>
      )}
      {paymentsOpen && <div className="mt-3 rounded-lg bg-slate-50 p-3">{billing(user)}</div>}
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <Button variant="ghost" aria-expanded={paymentsOpen} onClick={() => setPaymentsOpen(!paymentsOpen)}>
          {paymentsOpen ? 'Hide payments' : 'Payments'}
        </Button>
        <Button variant="ghost" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide requests and shows' : 'Requests and shows'}
        </Button>
        <Button variant="ghost" disabled={remove.isPending} onClick={() => void onDelete()}>
          Delete
        </Button>
        <Button variant="secondary" onClick={onEdit}>
          Edit
        </Button>
      </div>
    </li>
  );
}
