import MiniSearch from 'minisearch';
import type { EpisodeDocument } from './search-document';
import { EmbeddedIndex } from './embedded-index';
import { reachOf } from './term-reach';

// The embedded engine's query plan: a word that matches most of an index is common and neither
// selects nor scores, so a query costs what its rare words match. Same answers, bounded work.

const SHOWS = 60;
const EPISODES_PER_SHOW = 25;

function episode(show: number, n: number): EpisodeDocument {
  const name = `Common show ${String(show).padStart(4, '0')}`;
  return {
    kind: 'episode',
    id: `e${show}-${n}`,
    title: `Episode ${n} of ${name}`,
    description: 'Recorded on a long afternoon.',
    show: { id: `s${show}`, uId: `s${show}`, name, logoPath: '' },
    categories: ['Science'],
    language: 'en',
    publishedAt: new Date(Date.UTC(2026, 0, 1 + n)).toISOString(),
    guests: [],
    transcriptRevision: null,
  };
}

async function networkIndex(): Promise<EmbeddedIndex> {
  const index = new EmbeddedIndex();
  const entries = Array.from({ length: SHOWS * EPISODES_PER_SHOW }, (_, n) => {
    const doc = episode(Math.floor(n / EPISODES_PER_SHOW), n % EPISODES_PER_SHOW);
    return { key: `episode:${doc.id}`, doc, cues: null, change: '1-0' };
  });
  await index.apply(entries);
  return index;
}

const query = (text: string, offset = 0, limit = 10) => ({ type: 'episodes' as const, text, offset, limit });

describe('term reach', () => {
  it('counts the documents a word reaches, whole, as a prefix and within its edits', () => {
    const index = new MiniSearch<{ id: string; text: string }>({ fields: ['text'] });
    index.addAll([
      { id: 'a', text: 'science of sound' },
      { id: 'b', text: 'scientific method' },
      { id: 'c', text: 'silence' },
    ]);
    const reach = (term: string, prefix: boolean, fuzzy: number | false) =>
      reachOf(index as unknown as MiniSearch<never>, { term, prefix, fuzzy });
    expect(reach('science', false, false)).toEqual({ documents: 1, terms: ['science'] });
    expect(reach('scien', true, false).documents).toBe(2);
    expect(reach('sciense', false, 1).terms).toEqual(['science']);
    expect(reach('nothing', true, 2).documents).toBe(0);
  });
});

describe('the embedded index with common words', () => {
  it('finds by the rare word and still marks the common ones', async () => {
    const index = await networkIndex();
    // "episode" and "show" reach all 1,500 episodes: common; "0042" reaches one show's 25.
    const found = await index.search(query('episode show 0042', 0, 30));
    expect(found.total).toBe(EPISODES_PER_SHOW);
    expect(found.hits.map((hit) => hit.id).every((id) => id.startsWith('e42-'))).toBe(true);
    expect(found.hits[0]?.terms).toEqual(expect.arrayContaining(['0042', 'episode', 'show']));
  });

  it('forgives a typo in the common word and in the rare one', async () => {
    const index = await networkIndex();
    const found = await index.search(query('epizode 0042'));
    expect(found.total).toBe(EPISODES_PER_SHOW);
    const misspelt = await index.search(query('shiw 0042'));
    expect(misspelt.hits[0]?.id).toMatch(/^e42-/);
  });

  it('answers a query of common words only, and a change to the index is seen at once', async () => {
    const index = await networkIndex();
    const before = await index.search(query('common show', 20, 10));
    expect(before.total).toBe(SHOWS * EPISODES_PER_SHOW);
    expect(before.hits).toHaveLength(10);
    await index.apply([{ key: 'episode:e0-0', doc: null, cues: null, change: '2-0' }]);
    const after = await index.search(query('common show'));
    expect(after.total).toBe(SHOWS * EPISODES_PER_SHOW - 1);
    expect(after.hits.map((hit) => hit.id)).not.toContain('e0-0');
  });

  it('falls back to any word when not every word matches', async () => {
    const index = await networkIndex();
    const found = await index.search(query('0042 unheardof'));
    expect(found.total).toBe(EPISODES_PER_SHOW);
  });
});
