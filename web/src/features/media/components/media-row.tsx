import type { MediaItem } from '@podz/proto';
import { ProcessingStatus } from '../../../components/processing-status';
import { formatDate, formatDuration } from '../../../lib/format';
import { AudioFacts } from './audio-facts';
import { DeleteMediaButton } from './delete-media-button';
import { mediaLabel } from './media-label';
import { fileSize, MediaUses } from './media-uses';

/** One file in MediaZ: a preview (player or picture), what it is, who uploaded it, where it is used. */
export function MediaRow({ item, uploader }: { item: MediaItem; uploader: string }) {
  const label = mediaLabel(item);
  return (
    <li aria-label={label} className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start gap-4">
        {item.kind === 'image' ? (
          <img src={item.url} alt="" className="size-20 shrink-0 rounded-lg object-cover" />
        ) : (
          <audio
            controls
            preload="none"
            src={item.url}
            aria-label={`Play ${label}`}
            className="w-full sm:w-72"
          />
        )}
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-slate-900">{label}</p>
          <p className="text-sm text-slate-600">
            {item.type} · {fileSize(item.bytes)}
            {item.durationSeconds ? ` · ${formatDuration(item.durationSeconds)}` : ''} · {uploader} ·{' '}
            {formatDate(item.createdAt)}
          </p>
          {item.audio && (
            <>
              <AudioFacts facts={item.audio} />
              <ProcessingStatus id={item.id} stored={item.audio.processing} label={label} />
            </>
          )}
          <MediaUses item={item} />
        </div>
        <DeleteMediaButton item={item} label={label} />
      </div>
    </li>
  );
}
