import { startService } from '@podz/kit';
import { TOPICS } from '@podz/proto';
import type { CatalogConfig } from './config';

/** The catalog service: podcasts (PODZ), episodes, follows, hosts and guests, feeds and media. */
export function startCatalog(config: CatalogConfig) {
  return startService({ name: 'catalog', config, topics: [TOPICS.catalogPodcast, TOPICS.catalogEpisode] });
}
