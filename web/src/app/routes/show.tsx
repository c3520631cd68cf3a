import { Link, useParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { holds } from '../../lib/route-access';
import { useSession } from '../../stores/session-store';
import { Avatar } from '../../components/ui/avatar';
import { QueryState } from '../../components/ui/query-state';
import { usePageParam } from '../../lib/use-page-param';
import { useShowByName, useShowEpisodes } from '../../features/shows/api/show-page-api';
import { FollowButton } from '../../features/shows/components/follow-button';
import { PrivateFeedPanel } from '../../features/premium/components/private-feed-panel';
import { PagedEpisodes } from '../../features/shows/components/paged-episodes';

/**
 * `/shows/{name}`: cover, description, hosts, follow, RSS, premium listening (the member's private
 * feed, or the plans that unlock it), and the episodes a page at a time.
 */
export default function ShowRoute() {
  const { name = '' } = useParams();
  const [page, setPage] = usePageParam();
  const show = useShowByName(name);
  const episodes = useShowEpisodes(show.data?.id, page);
  const user = useSession((state) => state.user);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <QueryState query={show}>
        {(podcast) => {
          const hosts = podcast.hosts.filter((host) => host.confirmed);
          // Its figures are for its owner, its hosts and admins (the service checks the same).
          const team =
            user !== undefined &&
            (holds(user.access, 'wholeNetwork') ||
              podcast.owner.id === user.id ||
              hosts.some((host) => host.user.id === user.id));
          return (
            <>
              <div className="flex flex-col gap-6 sm:flex-row">
                <img
                  src={podcast.logoPath}
                  alt={`${podcast.name} cover`}
                  className="aspect-square w-full max-w-56 rounded-2xl bg-slate-100 object-cover shadow"
                />
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">
                    {podcast.category}
                  </p>
                  <h1 className="mt-1 text-3xl font-extrabold text-slate-900">{podcast.name}</h1>
                  {/* Rich text the catalog sanitized when it was saved. */}
                  <div
                    className="mt-3 space-y-2 text-slate-700 [&_a]:text-indigo-700 [&_a]:underline"
                    dangerouslySetInnerHTML={{ __html: podcast.description }}
                  />
                  <div className="mt-5 flex flex-wrap items-center gap-4">
                    <FollowButton podcastId={podcast.id} followerCount={podcast.followerCount} />
                    {podcast.status === 'published' && (
                      <a
                        href={podcast.feedUrl}
                        className="inline-flex items-center gap-1 text-sm font-semibold text-orange-700 underline"
                      >
                        RSS feed
                      </a>
                    )}
                    {team && (
                      <Link
                        to={paths.showAnalytics.href(podcast.id)}
                        className="text-sm font-semibold text-indigo-700 underline"
                      >
                        Analytics
                      </Link>
                    )}
                  </div>
                  {podcast.status === 'published' && (
                    <PrivateFeedPanel
                      podcastId={podcast.id}
                      plans={podcast.premium.plans}
                      signedIn={user !== undefined}
                    />
                  )}
                  {hosts.length > 0 && (
                    <div className="mt-6">
                      <h2 className="text-sm font-semibold text-slate-900">Hosted by</h2>
                      <ul className="mt-2 flex flex-wrap gap-3">
                        {hosts.map((host) => (
                          <li key={host.user.id}>
                            <Link
                              to={paths.person.href(host.user.username)}
                              className="flex items-center gap-2 text-sm text-slate-800 hover:text-indigo-700 hover:underline"
                            >
                              <Avatar src={host.user.profilePicture} name="" size="size-8" />
                              {host.user.username}
                            </Link>
                          </li>
                        ))}
                      </ul>
                    </div>
                  )}
                </div>
              </div>
              <section aria-labelledby="episodes-heading" className="mt-10">
                <h2 id="episodes-heading" className="mb-4 text-xl font-bold text-slate-900">
                  Episodes
                </h2>
                <PagedEpisodes query={episodes} empty="No episodes yet." onPage={setPage} />
              </section>
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
