/** A person's links, each by its site's name; `me` marks them as the person's own on their page. */
export function PersonLinks({ links, own = false }: { links: string[]; own?: boolean }) {
  if (links.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-sm" aria-label="Links">
      {links.map((link) => (
        <li key={link}>
          <a
            href={link}
            rel={`noopener noreferrer nofollow${own ? ' me' : ''}`}
            target="_blank"
            className="text-indigo-700 underline"
          >
            {new URL(link).hostname}
          </a>
        </li>
      ))}
    </ul>
  );
}
