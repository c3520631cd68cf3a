import { OwnerUnavailable } from '../clients/service-reader';
import { documentKey, type SearchDocument } from '../data/search-document';
import { refreshEpisode, refreshEpisodes } from './refresh-episode';
import { refreshPerson } from './refresh-person';
import { refreshShow } from './refresh-show';
import type { DocumentDeps } from './search-deps';

/** How many pending refreshes one sweep takes on. */
const SWEEP = 100;

/** Reads a document again from its owner by its key (`show:<id>`, …). */
function refreshByKey(deps: DocumentDeps, key: string, changedAt: Date): Promise<void> {
  const [kind, id = ''] = key.split(':') as [SearchDocument['kind'], string];
  if (kind === 'show') return refreshShow(deps, id, changedAt);
  if (kind === 'episode') return refreshEpisode(deps, id, changedAt);
  return refreshPerson(deps, id);
}

/**
 * Refreshes a document after its event; while its owner cannot be reached (restarting, say), the
 * document is filed to be read again by the sweep instead, so the event is not parked as failed
 * and the partition moves on. Any other failure is the event's (retried, then parked).
 */
export async function refreshOrFile(deps: DocumentDeps, key: string, changedAt: Date): Promise<void> {
  try {
    await refreshByKey(deps, key, changedAt);
  } catch (err) {
    if (!(err instanceof OwnerUnavailable)) throw err;
    await deps.documents.filePending(key, changedAt);
  }
}

/** `refreshOrFile` for many episodes at once, each with its latest event's time. */
export async function refreshEpisodesOrFile(deps: DocumentDeps, wanted: ReadonlyMap<string, Date>) {
  try {
    await refreshEpisodes(deps, wanted);
  } catch (err) {
    if (!(err instanceof OwnerUnavailable)) throw err;
    // Some may have been stored already: reading them again later is harmless.
    for (const [id, changedAt] of wanted)
      await deps.documents.filePending(documentKey('episode', id), changedAt);
  }
}

/**
 * The sweep (every instance, a few seconds apart): the oldest filed documents read again; each is
 * cleared once read, or stays filed while its owner still does not answer. Two instances reading
 * the same one is harmless. Returns how many were read.
 */
export async function refreshPending(deps: DocumentDeps): Promise<number> {
  const due = await deps.documents.pending(SWEEP);
  let read = 0;
  for (const { key, changedAt, score } of due) {
    try {
      await refreshByKey(deps, key, changedAt);
    } catch (err) {
      if (err instanceof OwnerUnavailable) return read;
      throw err;
    }
    await deps.documents.clearPending(key, score);
    read += 1;
  }
  return read;
}
