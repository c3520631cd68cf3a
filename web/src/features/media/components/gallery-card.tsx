import type { MediaItem, Podcast } from '@podz/proto';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useUi } from '../../../stores/ui-store';
import { useSetCover } from '../api/media-api';
import { DeleteMediaButton } from './delete-media-button';
import { mediaLabel } from './media-label';
import { MediaUses } from './media-uses';

/** One image of the gallery: copy its address, make it a show's cover, or delete it when unused. */
export function GalleryCard({ item, shows }: { item: MediaItem; shows: Podcast[] }) {
  const label = mediaLabel(item);
  const selectId = useId();
  const [showId, setShowId] = useState('');
  const setCover = useSetCover();
  const toast = useUi((state) => state.toast);
  const showModal = useUi((state) => state.showModal);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(new URL(item.url, window.location.origin).href);
      toast('Address copied');
    } catch {
      showModal({ kind: 'error', title: 'Not copied', message: `Copy it by hand: ${item.url}` });
    }
  };
  const useAsCover = () => {
    const show = shows.find((candidate) => candidate.id === showId);
    if (!show) return;
    setCover.mutate(
      { podcastId: show.id, logoId: item.id },
      {
        onSuccess: () =>
          showModal({
            kind: 'success',
            title: 'Cover set',
            message: `${label} is the cover of ${show.name}.`,
          }),
        onError: (error) =>
          showModal({ kind: 'error', title: 'Cover not set', message: errorMessage(error) }),
      },
    );
  };

  return (
    <li aria-label={label} className="flex flex-col rounded-xl border border-slate-200 bg-white p-3">
      <img src={item.url} alt="" className="aspect-square w-full rounded-lg object-cover" />
      <p className="mt-2 truncate text-sm font-semibold text-slate-900">{label}</p>
      <MediaUses item={item} />
      <div className="mt-2 flex flex-wrap gap-1">
        <Button variant="secondary" onClick={() => void copy()}>
          Copy URL
        </Button>
        <DeleteMediaButton item={item} label={label} />
      </div>
      {shows.length > 0 && (
        <div className="mt-2">
          <label htmlFor={selectId} className="block text-xs font-medium text-slate-800">
            Cover of
          </label>
          <div className="mt-1 flex gap-1">
            <select
              id={selectId}
              value={showId}
              onChange={(event) => setShowId(event.target.value)}
              className="min-w-0 flex-1 rounded-md border border-slate-300 px-2 py-1 text-sm"
            >
              <option value="">Choose a show</option>
              {shows.map((show) => (
                <option key={show.id} value={show.id}>
                  {show.name}
                </option>
              ))}
            </select>
            <Button variant="secondary" disabled={!showId || setCover.isPending} onClick={useAsCover}>
              Set
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}
