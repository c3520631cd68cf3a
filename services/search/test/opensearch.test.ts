import { OpenSearchIndex } from '../src/data/opensearch-index';
import { indexPrefix } from '../src/search-service';
import { openSearchUrl, useOpenSearch } from './support/opensearch-node';
import { searchSuite } from './support/search-suite';

// The same cases on OpenSearch: both instances share one node (OPENSEARCH_URL, or one that
// deploy/local starts from Maven Central's jars when nothing answers at 127.0.0.1:9200).
const node = useOpenSearch();

searchSuite({
  name: 'OpenSearch',
  env: () => ({ SEARCH_ENGINE: 'opensearch', OPENSEARCH_URL: openSearchUrl() }),
  prepare: () => node.start(),
  cleanup: async (database) => {
    await new OpenSearchIndex(openSearchUrl(), indexPrefix(database)).dropIndexes();
    await node.stop();
  },
});
