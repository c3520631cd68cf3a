import { BackgroundJobs, ListKeeper, RankedLists, startService } from '@podz/kit';
import { UserDirectory } from '@podz/read-models';
import { TOPICS } from '@podz/proto';
import type { RequestsConfig } from './config';
import { backfillPeopleIds } from './data/backfill-people-ids';
import { requestFamily } from './data/request-lists';
import { RequestRepository } from './data/request-repository';
import { requestModel } from './data/request-model';
import type { RequestsDeps } from './domain/requests-deps';
import { requestListUpkeep } from './consumers/request-list-upkeep';
import { userSync } from './consumers/user-sync';
import { requestRoutes } from './http/request-routes';

/** The requests service: access requests (owner, guest) and their review. */
export function startRequests(config: RequestsConfig) {
  return startService({
    name: 'requests',
    config,
    topics: [TOPICS.requestsRequest],
    setup: async ({ db, redis, relay, logger }) => {
      const requests = requestModel(db);
      const users = new UserDirectory(db);
      await Promise.all([requests.init(), users.init()]);
      await backfillPeopleIds(db, requests);
      const lists = new ListKeeper(
        new RankedLists(redis, `requests:${db.name}:lists`),
        requestFamily(requests),
        logger,
        new BackgroundJobs(logger),
      );
      const deps: RequestsDeps = {
        config,
        logger,
        requests: new RequestRepository(requests, relay, lists),
        users,
      };
      lists.ensureLater();
      return {
        routes: [requestRoutes(deps)],
        aggregates: [requests],
        consumers: [
          { subscriptions: userSync(deps) },
          { groupId: 'requests-lists', subscriptions: requestListUpkeep(deps), idempotentHandlers: true },
        ],
      };
    },
  });
}
