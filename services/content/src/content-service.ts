import { startService } from '@podz/kit';
import type { ContentConfig } from './config';

/** The content service: page content, pricing plans and documentation. */
export function startContent(config: ContentConfig) {
  return startService({ name: 'content', config, topics: [] });
}
