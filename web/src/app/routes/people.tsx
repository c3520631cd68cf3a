import { Link } from 'react-router-dom';
import { PageHeading } from '../../components/ui/page-heading';
import { Pagination } from '../../components/ui/pagination';
import { QueryState } from '../../components/ui/query-state';
import { paths } from '../../config/paths';
import { usePageParam } from '../../lib/use-page-param';
import { usePeople, type PeopleType } from '../../features/people/api/people-api';
import { PersonGrid } from '../../features/people/components/person-grid';

const GROUPS: Record<PeopleType, { title: string; intro: string; href: string }> = {
  host: { title: 'Hosts', intro: 'The voices behind the shows.', href: paths.hosts.href() },
  guest: { title: 'Guests', intro: 'People who joined an episode.', href: paths.guests.href() },
  crew: { title: 'Crew', intro: 'The team that runs the network.', href: paths.crew.href() },
};

/** `/people/hosts|guests|crew`: one group, a page at a time. */
export function PeopleGroupRoute({ type }: { type: PeopleType }) {
  const [page, setPage] = usePageParam();
  const people = usePeople(type, page);
  const group = GROUPS[type];
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageHeading title={group.title} intro={group.intro} />
      <QueryState
        query={people}
        isEmpty={(data) => data.items.length === 0}
        empty={`No ${group.title.toLowerCase()} yet.`}
      >
        {(data) => (
          <>
            <PersonGrid people={data.items} />
            <Pagination page={data.page} totalPages={data.totalPages} onChange={setPage} />
          </>
        )}
      </QueryState>
    </div>
  );
}

function Preview({ type }: { type: PeopleType }) {
  const people = usePeople(type, 1, 6);
  const group = GROUPS[type];
  return (
    <section aria-labelledby={`${type}-heading`} className="mt-10">
      <div className="mb-4 flex items-baseline justify-between">
        <h2 id={`${type}-heading`} className="text-xl font-bold text-slate-900">
          {group.title}
        </h2>
        <Link to={group.href} className="text-sm font-semibold text-indigo-700 underline">
          All {group.title.toLowerCase()}
        </Link>
      </div>
      <QueryState
        query={people}
        isEmpty={(data) => data.items.length === 0}
        empty={`No ${group.title.toLowerCase()} yet.`}
      >
        {(data) => <PersonGrid people={data.items} />}
      </QueryState>
    </section>
  );
}

/** `/people`: hosts, guests and crew, previewed side by side (fetched in parallel). */
export default function PeopleRoute() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageHeading title="People" intro="Hosts, guests and crew of the network." />
      <Preview type="host" />
      <Preview type="guest" />
      <Preview type="crew" />
    </div>
  );
}

export const HostsRoute = () => <PeopleGroupRoute type="host" />;
export const GuestsRoute = () => <PeopleGroupRoute type="guest" />;
export const CrewRoute = () => <PeopleGroupRoute type="crew" />;
