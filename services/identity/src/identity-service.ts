import {
  BackgroundJobs,
  Mailer,
  RankedLists,
  RateLimiter,
  SessionRevocations,
  startService,
} from '@podz/kit';
import { PlanBook } from '@podz/read-models';
import { TOPICS } from '@podz/proto';
import type { IdentityConfig } from './config';
import { LinkTokens } from './data/link-tokens';
import { userModel } from './data/user-model';
import { PeopleLists } from './data/people-lists';
import { UserRepository } from './data/user-repository';
import type { IdentityDeps } from './domain/identity-deps';
import { accessGrants } from './consumers/access-grants';
import { peopleListUpkeep } from './consumers/people-list-upkeep';
import { planPurchases } from './consumers/plan-purchases';
import { Passwords } from './domain/passwords';
import { ensurePeopleLists } from './domain/keep-people-lists';
import { seedAdmin, seedDemoAccounts } from './domain/seed-accounts';
import { authRoutes } from './http/auth-routes';
import { usersRoutes } from './http/users-routes';

/** The identity service: users, credentials, sessions and the plans users hold. */
export function startIdentity(config: IdentityConfig) {
  return startService({
    name: 'identity',
    config,
    topics: [TOPICS.identityUser, TOPICS.identityContact],
    setup: async ({ db, redis, relay, logger }) => {
      const users = userModel(db);
      await users.init();
      const plans = new PlanBook(db);
      await plans.init();
      const people = new PeopleLists(new RankedLists(redis, `identity:${db.name}:lists`));
      const links = new LinkTokens(db);
      await links.init();
      const mailer = new Mailer(config.SMTP_URL, config.MAIL_FROM, logger);
      const deps: IdentityDeps = {
        config,
        logger,
        users: new UserRepository(users, relay, people, logger),
        people,
        plans,
        background: new BackgroundJobs(logger),
        passwords: new Passwords(config.BCRYPT_COST),
        sessions: new SessionRevocations(redis),
        limiter: new RateLimiter(redis),
        links,
        mailer,
      };
      await seedAdmin(deps);
      if (config.DEMO_ACCOUNTS_PASSWORD && config.NODE_ENV !== 'production') {
        await seedDemoAccounts(deps, config.DEMO_ACCOUNTS_PASSWORD);
      }
      deps.background.once('people lists', () => ensurePeopleLists(deps));
      return {
        routes: [authRoutes(deps), usersRoutes(deps)],
        aggregates: [users],
        consumers: [
          { subscriptions: [...accessGrants(deps), ...planPurchases(deps)] },
          { groupId: 'identity-plans', subscriptions: plans.subscriptions(), idempotentHandlers: true },
          {
            groupId: 'identity-people-lists',
            subscriptions: peopleListUpkeep(deps),
            idempotentHandlers: true,
          },
        ],
        beforeStop: () => mailer.close(),
      };
    },
  });
}
