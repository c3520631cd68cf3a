import type { PublicUser } from '@podz/proto';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Avatar } from '../../components/ui/avatar';
import { Pagination } from '../../components/ui/pagination';
import { QueryState } from '../../components/ui/query-state';
import { usePageParam } from '../../lib/use-page-param';
import { useGuestEpisodes } from '../../features/hosting/api/hosting-api';
import { usePerson } from '../../features/people/api/people-api';
import { PersonLinks } from '../../features/people/components/person-links';
import { usePersonShows } from '../../features/shows/api/shows-api';
import { FollowButton } from '../../features/shows/components/follow-button';
import { ShowCard } from '../../features/shows/components/show-card';
import { PagedEpisodes } from '../../features/shows/components/paged-episodes';

/** The published shows a person runs or hosts, six at a time, each with its follow button. */
function PersonShows({ person, role }: { person: PublicUser; role: 'owner' | 'host' }) {
  const [page, setPage] = useState(1);
  const shows = usePersonShows(person.id, role, page);
  const title = role === 'owner' ? 'Shows they run' : 'Shows they host';
  const id = `${role}-shows-heading`;
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="mb-4 text-xl font-bold text-slate-900">
        {title}
      </h2>
      <QueryState
        query={shows}
        isEmpty={(data) => data.items.length === 0}
        empty={role === 'owner' ? 'No published shows of their own.' : 'Not hosting a show yet.'}
      >
        {(data) => (
          <>
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {data.items.map((show) => (
                <li key={show.id} className="grid gap-2">
                  <ShowCard show={show} />
                  <FollowButton podcastId={show.id} followerCount={show.followerCount} />
                </li>
              ))}
            </ul>
            <Pagination
              page={data.page}
              totalPages={data.totalPages}
              onChange={setPage}
              label={`${title}: pages`}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}

function Appearances({ person }: { person: PublicUser }) {
  const [page, setPage] = usePageParam();
  const episodes = useGuestEpisodes(person.id, page);
  return (
    <section aria-labelledby="appearances-heading" className="mt-10">
      <h2 id="appearances-heading" className="mb-4 text-xl font-bold text-slate-900">
        Episodes they appear in
      </h2>
      <PagedEpisodes
        query={episodes}
        empty="No guest appearances yet."
        onPage={setPage}
        withShow
        label="Appearance pages"
      />
    </section>
  );
}

/**
 * `/people/{username}`: a host's, guest's or crew member's page: picture, bio and links, the shows
 * they run and host (with follow buttons), and the episodes they appear in, newest first. Every
 * part is a keyed, paged read; feeds link here from `podcast:person href`.
 */
export default function PersonRoute() {
  const { username = '' } = useParams();
  const person = usePerson(username);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <QueryState query={person}>
        {(found) => (
          <>
            <header className="flex flex-col gap-6 sm:flex-row sm:items-center">
              <Avatar src={found.profilePicture} name="" size="size-28" />
              <div className="min-w-0">
                <h1 className="text-3xl font-extrabold text-slate-900">{found.username}</h1>
                {found.bio && <p className="mt-2 whitespace-pre-line text-slate-700">{found.bio}</p>}
                <PersonLinks links={found.links} own />
              </div>
            </header>
            <PersonShows person={found} role="owner" />
            <PersonShows person={found} role="host" />
            <Appearances person={found} />
          </>
        )}
      </QueryState>
    </div>
  );
}
