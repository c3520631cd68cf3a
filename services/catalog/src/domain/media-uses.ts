import type { MediaUse } from '../data/media-library';
import type { CatalogDeps } from './catalog-deps';

/**
 * Keeps the media library's "used by" in step with a show or episode write: the files it no
 * longer uses are released, the ones it uses are marked (again, so a renamed show shows its new
 * name). Only uploads are tracked; a feed's or the default artwork is not.
 */
export async function moveUses(
  deps: CatalogDeps,
  userId: string,
  before: (string | null | undefined)[],
  after: (string | null | undefined)[],
  use: MediaUse | null,
): Promise<void> {
  for (const url of before) if (url && !after.includes(url)) await deps.media.setUse(url, userId, null);
  if (use) for (const url of after) if (url) await deps.media.setUse(url, userId, use);
}
