import type { BackgroundJobs, Logger, Mailer, RateLimiter, SessionRevocations } from '@podz/kit';
import type { PlanBook } from '@podz/read-models';
import type { IdentityConfig } from '../config';
import type { LinkTokens } from '../data/link-tokens';
import type { PeopleLists } from '../data/people-lists';
import type { UserRepository } from '../data/user-repository';
import type { Passwords } from './passwords';

/** What the use cases work with; built once per process in identity-service.ts. */
export interface IdentityDeps {
  config: IdentityConfig;
  logger: Logger;
  users: UserRepository;
  /** Everyone and each user type, by username, kept in Redis (people pages, counts, name search). */
  people: PeopleLists;
  /** Rebuilds of the people lists that readers found missing, one at a time. */
  background: BackgroundJobs;
  /** The pricing plans content offers, as its events last said (which slugs a user may hold). */
  plans: PlanBook;
  passwords: Passwords;
  sessions: SessionRevocations;
  limiter: RateLimiter;
  /** One-time links sent by mail: sign-in, password reset, address verification. */
  links: LinkTokens;
  mailer: Mailer;
}
