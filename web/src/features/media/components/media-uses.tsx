import type { MediaItem } from '@podz/proto';

/** Where a file is used, as text; "Not used" when nothing refers to it. */
export function MediaUses({ item }: { item: MediaItem }) {
  if (item.usedBy.length === 0) return <p className="text-xs text-slate-600">Not used</p>;
  return (
    <ul aria-label="Used by" className="text-xs text-slate-700">
      {item.usedBy.map((use) => (
        <li key={use.id}>
          {use.kind === 'show' ? 'Cover of' : 'Episode'} “{use.name}”
        </li>
      ))}
    </ul>
  );
}

export const fileSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} kB`;
