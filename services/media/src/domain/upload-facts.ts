import { notFound } from '@podz/kit';
import type { UploadFacts } from '@podz/proto';
import type { MediaPorts } from './media-ports';

/**
 * `GET /uploads/{id}`: what catalog needs of an upload a show or episode names (the path, type,
 * size and length it is served with, its uploader and ID3 chapters). Catalog asks while its user waits on the write, and
 * there is no event it could have heard instead: an upload is media's alone until something uses it.
 * The ask is noted (`claimedAt`): until media hears of the episode, the file's audio is held closed
 * rather than served as nobody's, so a premium episode is never public for the event's lag. A
 * campaign's creative is asked about unclaimed (`claim` false): no episode will ever name it.
 */
export async function uploadFacts(
  deps: Pick<MediaPorts, 'library'>,
  id: string,
  claim = true,
): Promise<UploadFacts> {
  const media = await deps.library.findById(id);
  if (!media) throw notFound('Upload');
  if (claim) await deps.library.markClaimed(id);
  // Audio whose rendition is made is served as the rendition; until then, as it came (catalog
  // moves its episodes over when the rendition's event comes).
  const rendition = media.processed?.rendition;
  return {
    id,
    kind: media.kind as UploadFacts['kind'],
    url: `/media/${rendition?.key ?? media.key}`,
    type: rendition ? 'audio/mpeg' : media.type,
    bytes: rendition?.bytes ?? media.bytes,
    durationSeconds: rendition?.durationSeconds ?? media.durationSeconds ?? null,
    uploadedBy: media.uploadedBy,
    chapters: (media.chapters ?? []).map(({ startTime, title, url, img }) => ({
      startTime,
      title,
      ...(url ? { url } : {}),
      ...(img ? { img } : {}),
    })),
  };
}
