import { startService, UserDirectory } from '@podz/kit';
import { TOPICS } from '@podz/proto';
import type { RequestsConfig } from './config';
import { backfillPeopleIds } from './data/backfill-people-ids';
import { RequestRepository } from './data/request-repository';
import { requestModel } from './data/request-model';
import type { RequestsDeps } from './domain/requests-deps';
import { userSync } from './domain/user-sync';
import { requestRoutes } from './http/request-routes';

/** The requests service: access requests (owner, guest) and their review. */
export function startRequests(config: RequestsConfig) {
  return startService({
    name: 'requests',
    config,
    topics: [TOPICS.requestsRequest],
    setup: async ({ db, relay, logger }) => {
      const requests = requestModel(db);
      const users = new UserDirectory(db);
      await Promise.all([requests.init(), users.init()]);
      await backfillPeopleIds(db, requests);
      const deps: RequestsDeps = {
        config,
        logger,
        requests: new RequestRepository(requests, relay),
        users,
      };
      return {
        routes: [requestRoutes(deps)],
        aggregates: [requests],
        consumers: [{ subscriptions: userSync(deps) }],
      };
    },
  });
}
