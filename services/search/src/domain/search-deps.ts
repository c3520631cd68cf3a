import type { CatalogClient } from '../clients/catalog-client';
import type { IdentityClient } from '../clients/identity-client';
import type { DocumentStore } from '../data/document-store';
import type { SearchEngine } from '../data/search-engine';

/** What the search use cases work with. */
export interface SearchDeps {
  documents: DocumentStore;
  engine: SearchEngine;
  catalog: CatalogClient;
  identity: IdentityClient;
}

/** What keeping the documents needs (the rebuild runs outside the service, without an index). */
export type DocumentDeps = Pick<SearchDeps, 'documents' | 'catalog' | 'identity'>;
