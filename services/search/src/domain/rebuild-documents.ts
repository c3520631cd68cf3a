import type { SearchDocument } from '../data/search-document';
import { showDocument, personDocument } from './search-documents';
import { storeShowEpisodes } from './refresh-show';
import type { DocumentDeps } from './search-deps';
import { isPublicPerson } from '@podz/proto';

/** Shows read and stored side by side (each one's episodes in order). */
const SHOWS_AT_ONCE = 8;

/**
 * Rebuilds the documents (`npm run search:rebuild`): every public show with its public episodes, and every public person,
 * read from their owners and stored again; then whatever public document the store holds that was
 * not read (gone while events were missed) is removed. Managers' documents (drafts, kept from their
 * events) are left as they are. Every instance's index follows as the changes arrive.
 */
export async function rebuildDocuments(
  deps: DocumentDeps,
  progress: (stored: number) => void = () => undefined,
): Promise<RebuildReport> {
  const started = performance.now();
  const kept = new Set<string>();
  const keep = (kind: SearchDocument['kind'], id: string) => {
    kept.add(`${kind}:${id}`);
    if (kept.size % 1_000 === 0) progress(kept.size);
  };
  for await (const shows of deps.catalog.everyShow()) {
    const published = shows.filter((show) => show.status === 'published');
    for (let at = 0; at < published.length; at += SHOWS_AT_ONCE) {
      await Promise.all(
        published.slice(at, at + SHOWS_AT_ONCE).map(async (podcast) => {
          const doc = showDocument(podcast);
          await deps.documents.put(doc);
          keep('show', doc.id);
          for (const id of await storeShowEpisodes(deps, doc)) keep('episode', id);
        }),
      );
    }
  }
  for await (const people of deps.identity.everyPerson()) {
    for (const user of people) {
      if (!isPublicPerson(user.access) || kept.has(`person:${user.id}`)) continue;
      await deps.documents.put(personDocument(user));
      keep('person', user.id);
    }
  }
  let removed = 0;
  for await (const keys of deps.documents.everyKey()) {
    for (const key of keys) {
      if (kept.has(key)) continue;
      const [kind, id] = key.split(':') as [SearchDocument['kind'], string];
      const doc = kind === 'person' ? null : await deps.documents.get(kind, id);
      // What only managers find is kept from events no owner answers for: a rebuild leaves it.
      if (doc && doc.kind !== 'person' && doc.managers) continue;
      await deps.documents.remove(kind, id, doc?.kind === 'episode' ? doc.show.id : undefined);
      removed += 1;
    }
  }
  return { stored: kept.size, removed, seconds: (performance.now() - started) / 1000 };
}

export interface RebuildReport {
  stored: number;
  removed: number;
  seconds: number;
}
