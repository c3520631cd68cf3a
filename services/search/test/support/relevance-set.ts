import type { SearchType } from '@podz/proto';
import { DEMO_GUESTS, DEMO_HOSTS, DEMO_SHOWS } from '../../../../scripts/demo/network-data';
import type { SearchDocument } from '../../src/data/search-document';
import type { IndexEntry, SearchEngine } from '../../src/data/search-engine';
import { plainText } from '../../src/domain/plain-text';

/**
 * Search's relevance set (docs/search.md): 30 queries over the demo network `npm start` seeds —
 * exact and misspelt names, guests' names, misspelt topics, words from a description — each with
 * the result a visitor means. The goal is that result first in at least 28.
 */
export const RELEVANCE_SET: { q: string; type: SearchType; first: string }[] = [
  // Shows by name, exact, partial and misspelt.
  { q: 'curious hour', type: 'shows', first: 'The Curious Hour' },
  { q: 'startup tapes', type: 'shows', first: 'Startup Tapes' },
  { q: 'small histories', type: 'shows', first: 'Small Histories' },
  { q: 'cold cases', type: 'shows', first: 'Cold Cases' },
  { q: 'money desk', type: 'shows', first: 'The Money Desk' },
  { q: 'byte siz', type: 'shows', first: 'Byte Size' },
  { q: 'laugh trak', type: 'shows', first: 'Laugh Track' },
  { q: 'fild notes', type: 'shows', first: 'Field Notes' },
  { q: 'clas notes', type: 'shows', first: 'Class Notes' },
  // Shows by a word of their description.
  { q: 'spoilers', type: 'shows', first: 'Reel Talk' },
  { q: 'unsolved', type: 'shows', first: 'Cold Cases' },
  { q: 'forks buttons', type: 'shows', first: 'Small Histories' },
  // People by name, and by what their bio says.
  { q: 'hannah schmidt', type: 'people', first: 'hannah.schmidt' },
  { q: 'grace kim', type: 'people', first: 'grace.kim' },
  { q: 'diego alvares', type: 'people', first: 'diego.alvarez' },
  { q: 'nora hughes', type: 'people', first: 'nora.hughes' },
  { q: 'beekeeper', type: 'people', first: 'paul.dubois' },
  { q: 'luthier', type: 'people', first: 'rui.costa' },
  { q: 'sofia ivanova', type: 'people', first: 'sofia.ivanova' },
  // Episodes by their topic, often misspelt.
  { q: 'black hole', type: 'episodes', first: 'What is a black hole' },
  { q: 'lighthose keeper', type: 'episodes', first: 'The lighthouse keeper' },
  { q: 'photosinthesis', type: 'episodes', first: 'Photosynthesis' },
  { q: 'vacines', type: 'episodes', first: 'How vaccines teach' },
  { q: 'marathon wall', type: 'episodes', first: 'The marathon wall' },
  { q: 'motown', type: 'episodes', first: 'Motown grooves' },
  { q: 'interest rates', type: 'episodes', first: 'Interest rates' },
  { q: 'compiler', type: 'episodes', first: 'What a compiler does' },
  { q: 'umbrela', type: 'episodes', first: 'The umbrella' },
  { q: 'hecklers', type: 'episodes', first: 'Hecklers' },
  { q: 'bees dancing', type: 'episodes', first: 'How bees dance' },
];

const DAY = 86_400_000;

/**
 * The demo network as search documents, built as the seed builds it (scripts/demo): each show with
 * its owner, hosts and crew; ten episodes each, two of three with a guest; hosts and guests as people.
 */
export function demoDocuments(now = Date.now()): { docs: SearchDocument[]; nameOf: Map<string, string> } {
  const docs: SearchDocument[] = [];
  const nameOf = new Map<string, string>();
  for (const [index, show] of DEMO_SHOWS.entries()) {
    const id = `show-${index}`;
    nameOf.set(id, show.name);
    docs.push({
      kind: 'show',
      id,
      uId: id,
      name: show.name,
      description: plainText(show.description),
      logoPath: '',
      category: show.category,
      language: 'en',
      followerCount: 0,
      people: [show.owner, ...show.hosts, ...show.crew.map((member) => member.person)],
    });
    for (const [number, title] of show.episodes.entries()) {
      const episodeId = `episode-${index}-${number}`;
      nameOf.set(episodeId, title);
      const guest = DEMO_GUESTS[(index * 3 + number) % DEMO_GUESTS.length];
      docs.push({
        kind: 'episode',
        id: episodeId,
        title,
        description: `${title}: ${plainText(show.description)}`,
        show: { id, uId: id, name: show.name, logoPath: '' },
        categories: [show.category],
        language: 'en',
        publishedAt: new Date(now - ((show.episodes.length - number) * 7 + index) * DAY).toISOString(),
        guests: number % 3 === 2 || !guest ? [] : [guest.username],
        transcriptRevision: null,
      });
    }
  }
  for (const person of [...DEMO_HOSTS, ...DEMO_GUESTS]) {
    nameOf.set(person.username, person.username);
    docs.push({
      kind: 'person',
      id: person.username,
      username: person.username,
      bio: person.bio,
      profilePicture: '',
    });
  }
  return { docs, nameOf };
}

export const demoEntries = (docs: SearchDocument[]): IndexEntry[] =>
  docs.map((doc) => ({ key: `${doc.kind}:${doc.id}`, doc, cues: null, change: '1-0' }));

/** Each query of the set, what came first, and whether it is the result meant. */
export async function scoreRelevance(engine: SearchEngine, nameOf: Map<string, string>) {
  const rows = [];
  for (const { q, type, first } of RELEVANCE_SET) {
    const found = await engine.search({ type, text: q, offset: 0, limit: 3 });
    const got = found.hits[0] ? (nameOf.get(found.hits[0].id) ?? found.hits[0].id) : '(nothing)';
    rows.push({ q, type, expected: first, got, hit: got === first });
  }
  return { rows, score: rows.filter((row) => row.hit).length };
}
