import type { PublicUser } from '@podz/proto';
import { Avatar } from '../../../components/ui/avatar';

export function PersonGrid({ people }: { people: PublicUser[] }) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {people.map((person) => (
        <li key={person.id} className="flex gap-4 rounded-xl border border-slate-200 bg-white p-4">
          <Avatar src={person.profilePicture} name={person.username} size="size-14" />
          <div className="min-w-0">
            <p className="font-semibold text-slate-900">{person.username}</p>
            {person.bio && <p className="mt-1 line-clamp-3 text-sm text-slate-600">{person.bio}</p>}
            {person.links.length > 0 && (
              <ul className="mt-2 flex flex-wrap gap-x-3 text-sm">
                {person.links.map((link) => (
                  <li key={link}>
                    <a
                      href={link}
                      rel="noopener noreferrer nofollow"
                      target="_blank"
                      className="text-indigo-700 underline"
                    >
                      {new URL(link).hostname}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
