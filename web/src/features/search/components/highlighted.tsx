import type { Highlight } from '@podz/proto';

/** A field as the search answered it: `[plain, matched, plain, …]`, the matched words marked. */
export function Highlighted({ parts }: { parts: Highlight }) {
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <mark key={index} className="rounded-sm bg-amber-100 px-0.5 text-inherit">
            {part}
          </mark>
        ) : (
          part
        ),
      )}
    </>
  );
}

/** The field's text alone (for labels). */
export const plainOf = (parts: Highlight) => parts.join('');
