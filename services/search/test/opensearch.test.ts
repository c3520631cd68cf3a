import { OpenSearchIndex } from '../src/data/opensearch-index';
import { indexPrefix } from '../src/search-service';
import { openSearchUrl, useOpenSearch } from './support/opensearch-node';
import { demoDocuments, demoEntries, scoreRelevance } from './support/relevance-set';
import { searchSuite } from './support/search-suite';

// The same cases on OpenSearch: both instances share one node (OPENSEARCH_URL, or one that
// deploy/local starts from Maven Central's jars when nothing answers at 127.0.0.1:9200).
const node = useOpenSearch();
const relevancePrefix = `test_relevance_${Date.now().toString(36)}`;

searchSuite({
  name: 'OpenSearch',
  env: () => ({ SEARCH_ENGINE: 'opensearch', OPENSEARCH_URL: openSearchUrl() }),
  prepare: () => node.start(),
  cleanup: async (database) => {
    await new OpenSearchIndex(openSearchUrl(), indexPrefix(database)).dropIndexes();
    await new OpenSearchIndex(openSearchUrl(), relevancePrefix).dropIndexes();
    await node.stop();
  },
});

describe('relevance on OpenSearch', () => {
  it('puts the result meant first for at least 28 of the 30 queries of the relevance set', async () => {
    const { docs, nameOf } = demoDocuments();
    const engine = new OpenSearchIndex(openSearchUrl(), relevancePrefix);
    await engine.ensureIndexes();
    await engine.apply(demoEntries(docs));
    await fetch(`${openSearchUrl()}/${relevancePrefix}-*/_refresh`, { method: 'POST' });
    const { rows, score } = await scoreRelevance(engine, nameOf);
    const missed = rows
      .filter((row) => !row.hit)
      .map((row) => `${row.q} → ${row.got} (meant ${row.expected})`);
    expect(missed.length <= 2 ? [] : missed).toEqual([]);
    expect(score).toBe(30 - missed.length);
    process.stdout.write(
      `relevance, OpenSearch: ${score}/30${missed.length ? `; missed: ${missed.join('; ')}` : ''}\n`,
    );
  });
});
