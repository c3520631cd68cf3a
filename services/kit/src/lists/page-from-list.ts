import type { Logger } from '../logging/logger';
import type { RankedLists, RankedPage } from './ranked-lists';

/** What a page read needs: the lists (to take out a stray entry) and somewhere to say so. */
export interface ListReading {
  lists: Pick<RankedLists, 'evictId'>;
  logger: Logger;
}

/**
 * Reads a page from a list and loads its documents by id, keeping only those the list's rule still
 * admits (an entry a crash or a race left behind is taken out and placed again in the background).
 * Returns null when the list cannot be read (not built yet, or Redis unreachable): the caller asks
 * the store instead.
 */
export async function pageFromList<T extends { id: string }>(
  { lists, logger }: ListReading,
  read: () => Promise<RankedPage | null>,
  /** The documents of the page's ids; `page.kept` has what Redis keeps of them, if it was asked. */
  load: (ids: string[], page: RankedPage) => Promise<T[]>,
  admits: (record: T) => boolean,
  resync: (id: string) => Promise<void>,
): Promise<{ items: T[]; total: number } | null> {
  const page = await read().catch((err: unknown) => {
    logger.warn({ err }, 'list unreadable; reading the store instead');
    return null;
  });
  if (!page) return null;
  const records = await load(page.ids, page);
  const items = records.filter(admits);
  const kept = new Set(items.map((record) => record.id));
  for (const id of page.ids.filter((id) => !kept.has(id))) {
    lists
      .evictId(page, id)
      .then(() => resync(id))
      .catch((err: unknown) => logger.warn({ err, id }, 'placing a list entry failed'));
  }
  return { items, total: page.total };
}
