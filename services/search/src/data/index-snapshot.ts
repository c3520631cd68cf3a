import type MiniSearch from 'minisearch';

/** How many terms go into one written piece. */
const TERMS_PER_CHUNK = 2_000;

/** The parts of a MiniSearch 7 index its `toJSON` reads (`index-snapshot.test.ts` checks them). */
interface IndexInternals {
  _documentCount: number;
  _nextId: number;
  _documentIds: Map<number, unknown>;
  _fieldIds: Record<string, number>;
  _fieldLength: Map<number, number[]>;
  _avgFieldLength: number[];
  _storedFields: Map<number, unknown>;
  _dirtCount: number;
  _index: Iterable<[string, Map<number, Map<number, number>>]>;
}

/**
 * An index's JSON (exactly what `JSON.stringify(index)` gives, what `MiniSearch.loadJS` reads) in
 * pieces of a few thousand terms. `toJSON` builds the whole copy at once: at a real network's size
 * that is over 100 MB of short-lived objects per snapshot, and a process's resident memory keeps
 * what its heap once grew to.
 */
export function* indexJson(index: MiniSearch<never>): Generator<string> {
  const inner = index as unknown as IndexInternals;
  if (!(inner._documentIds instanceof Map) || !inner._index) {
    throw new Error(
      'minisearch: its internals are not where index-snapshot.ts reads them (was it upgraded?)',
    );
  }
  yield `{"documentCount":${inner._documentCount},"nextId":${inner._nextId}`;
  yield `,"documentIds":${JSON.stringify(Object.fromEntries(inner._documentIds))}`;
  yield `,"fieldIds":${JSON.stringify(inner._fieldIds)}`;
  yield `,"fieldLength":${JSON.stringify(Object.fromEntries(inner._fieldLength))}`;
  yield `,"averageFieldLength":${JSON.stringify(inner._avgFieldLength)}`;
  yield `,"storedFields":${JSON.stringify(Object.fromEntries(inner._storedFields))}`;
  yield `,"dirtCount":${inner._dirtCount},"index":[`;
  let chunk: string[] = [];
  let first = true;
  for (const [term, fieldIndex] of inner._index) {
    const data: Record<string, Record<string, number>> = {};
    for (const [fieldId, freqs] of fieldIndex) data[fieldId] = Object.fromEntries(freqs);
    chunk.push(JSON.stringify([term, data]));
    if (chunk.length === TERMS_PER_CHUNK) {
      yield `${first ? '' : ','}${chunk.join(',')}`;
      first = false;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield `${first ? '' : ','}${chunk.join(',')}`;
  yield '],"serializationVersion":2}';
}
