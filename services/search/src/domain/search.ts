import {
  type EpisodeHit,
  type PersonHit,
  type SearchQuery,
  type SearchResults,
  type SearchType,
  type ShowHit,
} from '@podz/proto';
import { highlight, mentions, passage } from './highlight';
import type { EpisodeDocument, PersonDocument, SearchDocument, ShowDocument } from '../data/search-document';
import type { EngineHit, Viewer } from '../data/search-engine';
import type { SearchDeps } from './search-deps';

type Found = { total: number; hits: EngineHit[] };

/**
 * `GET /api/search`: what any visitor may find, and for a signed-in `viewer` also what they manage
 * that is not public (admins: all of it). Each type asked for (all three without `type`; people only when no filter
 * narrows to a category or language, which people do not have) searched in the engine, then the
 * page's documents read by key and their matched words marked.
 */
export async function search(deps: SearchDeps, query: SearchQuery, viewer?: Viewer): Promise<SearchResults> {
  const filtered = Boolean(query.category || query.language);
  const asked = (type: SearchType) => (query.type ? query.type === type : !(type === 'people' && filtered));
  const offset = (query.page - 1) * query.limit;
  const searched = (type: SearchType): Promise<Found> =>
    asked(type)
      ? deps.engine.search({
          type,
          text: query.q,
          ...(query.category ? { category: query.category } : {}),
          ...(query.language ? { language: query.language } : {}),
          offset,
          limit: query.limit,
          ...(viewer ? { viewer } : {}),
        })
      : Promise.resolve({ total: 0, hits: [] });
  const [shows, episodes, people] = await Promise.all([
    searched('shows').then((found) => withDocuments<ShowDocument>(deps, 'show', found)),
    searched('episodes').then((found) => withDocuments<EpisodeDocument>(deps, 'episode', found)),
    searched('people').then((found) => withDocuments<PersonDocument>(deps, 'person', found)),
  ]);
  return {
    query: query.q,
    page: query.page,
    limit: query.limit,
    shows: { total: shows.total, items: shows.hits.map(showHit) },
    episodes: { total: episodes.total, items: await episodeHits(deps, episodes.hits) },
    people: { total: people.total, items: people.hits.map(personHit) },
  };
}

type Hit<D> = { doc: D; hit: EngineHit; terms: Set<string> };

/** The hits' documents, in rank order; one removed since the engine answered is left out. */
async function withDocuments<D extends SearchDocument>(
  deps: SearchDeps,
  kind: D['kind'],
  found: Found,
): Promise<{ total: number; hits: Hit<D>[] }> {
  const docs = await deps.documents.many(found.hits.map((hit) => `${kind}:${hit.id}`));
  const hits = found.hits.flatMap((hit, n) => {
    const doc = docs[n] as D | null | undefined;
    return doc ? [{ doc, hit, terms: new Set(hit.terms) }] : [];
  });
  return { total: found.total, hits };
}

const showHit = ({ doc, hit, terms }: Hit<ShowDocument>): ShowHit => ({
  id: doc.id,
  score: hit.score,
  uId: doc.uId,
  name: highlight(doc.name, terms),
  description: passage(doc.description, terms),
  logoPath: doc.logoPath,
  category: doc.category,
  followerCount: doc.followerCount,
  status: doc.status ?? 'published',
});

const personHit = ({ doc, hit, terms }: Hit<PersonDocument>): PersonHit => ({
  id: doc.id,
  score: hit.score,
  username: doc.username,
  name: highlight(doc.username, terms),
  profilePicture: doc.profilePicture,
});

/**
 * Episodes, with the first transcript cue that holds a matched word when the words were not all
 * found in the title or description (a transcript hit links to that moment).
 */
async function episodeHits(deps: SearchDeps, hits: Hit<EpisodeDocument>[]): Promise<EpisodeHit[]> {
  const inTranscript = hits.filter(
    ({ doc, terms }) =>
      doc.transcriptRevision !== null &&
      ![...terms].every((term) => mentions(`${doc.title} ${doc.description}`, new Set([term]))),
  );
  const cues = await deps.documents.cuesOf(inTranscript.map(({ doc }) => doc.id));
  const cuesById = new Map(inTranscript.map(({ doc }, n) => [doc.id, cues[n] ?? null]));
  return hits.map(({ doc, hit, terms }) => {
    const cue = cuesById.get(doc.id)?.find(([, text]) => mentions(text, terms));
    return {
      id: doc.id,
      score: hit.score,
      title: highlight(doc.title, terms),
      description: passage(doc.description, terms),
      show: doc.show,
      publishedAt: doc.publishedAt,
      status: doc.status ?? 'published',
      transcript: cue ? { startSeconds: cue[0], text: passage(cue[1], terms) } : null,
    };
  });
}
