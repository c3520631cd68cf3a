import { startService } from '@podz/kit';
import { TOPICS } from '@podz/proto';
import type { RequestsConfig } from './config';

/** The requests service: access requests and their review. */
export function startRequests(config: RequestsConfig) {
  return startService({ name: 'requests', config, topics: [TOPICS.requestsRequest] });
}
