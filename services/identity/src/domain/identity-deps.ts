import type { Logger, RateLimiter, SessionRevocations } from '@podz/kit';
import type { IdentityConfig } from '../config';
import type { UserRepository } from '../data/user-repository';
import type { Passwords } from './passwords';

/** What the use cases work with; built once per process in identity-service.ts. */
export interface IdentityDeps {
  config: IdentityConfig;
  logger: Logger;
  users: UserRepository;
  passwords: Passwords;
  sessions: SessionRevocations;
  limiter: RateLimiter;
}
