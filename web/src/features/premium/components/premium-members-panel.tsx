import { Button } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/query-state';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { usePlanNames } from '../../../lib/pricing-plans';
import { useUi } from '../../../stores/ui-store';
import { usePremiumMembers, useTeamFeedAction } from '../api/premium-api';

/**
 * A show's premium listening for its team (and admins): how many members hold a private feed, and
 * the feeds fetched from more places in a day than one member uses, each to suspend, restore or
 * reset.
 */
export function PremiumMembersPanel({ podcastId }: { podcastId: string }) {
  const members = usePremiumMembers(podcastId);
  const act = useTeamFeedAction();
  const toast = useUi((state) => state.toast);
  const names = usePlanNames(members.data?.premium.plans ?? []);
  const run = (feedId: string, action: 'suspend' | 'restore' | 'reset', done: string) =>
    act.mutate(
      { feedId, action },
      { onSuccess: () => toast(done), onError: (error) => toast(errorMessage(error), 'error') },
    );
  return (
    <section
      aria-labelledby="premium-members-heading"
      className="rounded-xl border border-slate-200 bg-white p-5"
    >
      <h2 id="premium-members-heading" className="text-lg font-semibold text-slate-900">
        Premium members
      </h2>
      <QueryState query={members}>
        {(data) =>
          data.premium.plans.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">
              This show has no premium episodes: name the plans that unlock them in its settings.
            </p>
          ) : (
            <div className="mt-2 grid gap-3 text-sm text-slate-700">
              <p>
                <span className="text-2xl font-bold text-slate-900">
                  {data.privateFeeds.toLocaleString('en')}
                </span>{' '}
                members on {names} hold a private feed.
              </p>
              <p className="text-slate-600">
                A feed fetched in one day from more than {data.limits.addresses} addresses or{' '}
                {data.limits.apps} apps is flagged here as shared.
              </p>
              {data.flagged.length === 0 ? (
                <p>No feed looks shared.</p>
              ) : (
                <ul
                  aria-label="Feeds flagged as shared"
                  className="divide-y divide-slate-200 rounded-lg border border-slate-200"
                >
                  {data.flagged.map((flag) => (
                    <li
                      key={flag.feedId}
                      aria-label={flag.user?.username ?? 'Deleted user'}
                      className="flex flex-wrap items-center gap-3 p-3"
                    >
                      <div className="min-w-0 flex-1">
                        <p className="font-medium text-slate-900">
                          {flag.user?.username ?? 'Deleted user'}
                          {flag.suspended && (
                            <span className="ml-2 text-xs font-semibold text-red-700">suspended</span>
                          )}
                        </p>
                        <p className="text-slate-600">
                          {formatDate(flag.day)}: {flag.addresses} addresses, {flag.apps} apps
                        </p>
                      </div>
                      <Button
                        variant="secondary"
                        disabled={act.isPending}
                        onClick={() =>
                          flag.suspended
                            ? run(flag.feedId, 'restore', 'The feed works again')
                            : run(flag.feedId, 'suspend', 'The feed is suspended')
                        }
                      >
                        {flag.suspended ? 'Restore' : 'Suspend'}
                      </Button>
                      <Button
                        variant="ghost"
                        disabled={act.isPending}
                        onClick={() =>
                          run(flag.feedId, 'reset', 'The member has a new link; the shared one stopped')
                        }
                      >
                        Reset link
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )
        }
      </QueryState>
    </section>
  );
}
