import type { MediaLibrary, MediaUse } from '../data/media-library';

/** The files a show or episode refers to, and how the library should name that use. */
export interface Uses {
  urls: (string | null | undefined)[];
  use: MediaUse | null;
}

/** Nothing used: before a create, after a deletion. */
export const NO_USES: Uses = { urls: [], use: null };

const sameUse = (a: MediaUse | null, b: MediaUse | null) =>
  a?.kind === b?.kind && a?.name === b?.name && a?.podcastId === b?.podcastId;

/**
 * Keeps the media library's "used by" in step with a show or episode as catalog's events state it
 * (`before` from media's copy, `after` from the event): the files it no longer uses are released,
 * and the ones it newly uses are marked (all of them again only when the use itself changed, a
 * renamed show say): an edit that touches no file writes nothing here. Each write sets by key, so
 * an event applied twice ends the same. Only uploads are tracked; a feed's or the default artwork
 * is not.
 */
export async function moveUses(
  library: Pick<MediaLibrary, 'setUse'>,
  userId: string,
  before: Uses,
  after: Uses,
): Promise<void> {
  for (const url of before.urls) {
    if (url && !after.urls.includes(url)) await library.setUse(url, userId, null);
  }
  if (!after.use) return;
  const renamed = !sameUse(before.use, after.use);
  for (const url of after.urls) {
    if (url && (renamed || !before.urls.includes(url))) await library.setUse(url, userId, after.use);
  }
}

/**
 * The library's `setUse`, telling the file's uploader each time one of their files comes into or
 * out of use: catalog's event reaches media after the edit was answered, so an open library
 * reading again on that answer alone could miss the new use.
 */
export function announcingUses(
  library: Pick<MediaLibrary, 'setUse'>,
  push: (uploaderId: string) => void,
): Pick<MediaLibrary, 'setUse'> {
  return {
    setUse: async (url, userId, use) => {
      const uploader = await library.setUse(url, userId, use);
      if (uploader) push(uploader);
      return uploader;
    },
  };
}
