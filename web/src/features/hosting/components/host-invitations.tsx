import { useState } from 'react';
import { ShowSummary } from '../../../components/show-summary';
import { Link } from 'react-router-dom';
import { Button, buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../stores/session-store';
import { useUi } from '../../../stores/ui-store';
import { useAnswerInvitation, useHostInvitations, type HostInvitation } from '../api/hosting-api';

/** Host Requests: accept or decline the shows that invited the user; confirmed ones stay listed. */
export function HostInvitations() {
  const [page, setPage] = useState(1);
  const invitations = useHostInvitations(page);
  const answer = useAnswerInvitation();
  const refreshSession = useSession((state) => state.refresh);
  const confirm = useUi((state) => state.confirm);
  const toast = useUi((state) => state.toast);

  const respond = async (show: HostInvitation, status: 'confirmed' | 'declined') => {
    if (status === 'declined') {
      const sure = await confirm({
        title: 'Decline invitation?',
        message: `You will not host ${show.name}.`,
        confirmLabel: 'Decline',
      });
      if (!sure) return;
    }
    answer.mutate(
      { podcastId: show.id, status },
      {
        onSuccess: () => {
          // Confirming makes the user a host: the session's access changes.
          void refreshSession();
          toast(status === 'confirmed' ? `You now host ${show.name}` : 'Invitation declined');
        },
        onError: (error) => toast(errorMessage(error), 'error'),
      },
    );
  };

  return (
    <QueryState
      query={invitations}
      isEmpty={(data) => data.items.length === 0}
      empty="No show has invited you to host yet."
    >
      {(data) => (
        <>
          <ul className="grid gap-3">
            {data.items.map((show) => (
              <li
                key={show.id}
                className="flex flex-wrap items-center gap-4 rounded-xl border border-slate-200 bg-white p-4"
              >
                <ShowSummary show={show} detail={`Invited by ${show.owner.username}`} />
                {show.confirmed ? (
                  <div className="flex flex-wrap items-center gap-3">
                    <span className="rounded-full bg-emerald-100 px-3 py-1 text-sm font-semibold text-emerald-900">
                      Confirmed
                    </span>
                    <Link to={paths.showAnalytics.href(show.id)} className={buttonClass('secondary')}>
                      Analytics
                    </Link>
                  </div>
                ) : (
                  <div className="flex gap-2">
                    <Button disabled={answer.isPending} onClick={() => void respond(show, 'confirmed')}>
                      Accept
                    </Button>
                    <Button
                      variant="secondary"
                      disabled={answer.isPending}
                      onClick={() => void respond(show, 'declined')}
                    >
                      Decline
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
          <Pagination page={data.page} totalPages={data.totalPages} onChange={setPage} />
        </>
      )}
    </QueryState>
  );
}
