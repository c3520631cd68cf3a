import MiniSearch from 'minisearch';
import { indexJson } from './index-snapshot';

// The snapshot is written in pieces from MiniSearch's internals: it must stay exactly the JSON
// MiniSearch itself writes and reads back, including after removals (its "dirt").

type Doc = { id: string; title: string; kind: string };

it('writes, piece by piece, the JSON MiniSearch writes, and it loads back', () => {
  const options = { fields: ['title'], storeFields: ['kind'] };
  const index = new MiniSearch<Doc>(options);
  index.addAll(
    Array.from({ length: 5_000 }, (_, n) => ({
      id: `d${n}`,
      title: `Title ${n} of café ${n % 7}`,
      kind: 'x',
    })),
  );
  index.discard('d3');
  index.replace({ id: 'd4', title: 'A new title', kind: 'y' });

  const pieces = [...indexJson(index as unknown as MiniSearch<never>)];
  expect(pieces.length).toBeGreaterThan(3);
  const json = pieces.join('');
  expect(json).toBe(JSON.stringify(index));

  const loaded = MiniSearch.loadJSON<Doc>(json, options);
  expect(loaded.documentCount).toBe(index.documentCount);
  expect(loaded.search('new title')[0]).toMatchObject({ id: 'd4', kind: 'y' });
  expect(loaded.search('4999')).toHaveLength(1);
});
