import { startService } from '@podz/kit';
import { TOPICS } from '@podz/proto';
import type { IdentityConfig } from './config';

/** The identity service: users, credentials, sessions and the plans users hold. */
export function startIdentity(config: IdentityConfig) {
  return startService({ name: 'identity', config, topics: [TOPICS.identityUser] });
}
