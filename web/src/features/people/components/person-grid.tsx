import type { PublicUser } from '@podz/proto';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar';
import { paths } from '../../../config/paths';
import { PersonLinks } from './person-links';

export function PersonGrid({ people }: { people: PublicUser[] }) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {people.map((person) => (
        <li key={person.id} className="flex gap-4 rounded-xl border border-slate-200 bg-white p-4">
          <Avatar src={person.profilePicture} name={person.username} size="size-14" />
          <div className="min-w-0">
            <Link
              to={paths.person.href(person.username)}
              className="font-semibold text-slate-900 hover:text-indigo-700 hover:underline"
            >
              {person.username}
            </Link>
            {person.bio && <p className="mt-1 line-clamp-3 text-sm text-slate-600">{person.bio}</p>}
            <PersonLinks links={person.links} />
          </div>
        </li>
      ))}
    </ul>
  );
}
