import express from 'express';
import { handleSignedIn, handleSignedInDirect, requireAuth, type DirectRoutes } from '@podz/kit';
import {
  continueListeningQuerySchema,
  positionParamsSchema,
  positionsQuerySchema,
  queueParamsSchema,
  savePositionBodySchema,
  saveQueueBodySchema,
} from '@podz/proto';
import type { PlacePorts, QueuePorts } from '../domain/listening-deps';
import { readQueue, saveQueue } from '../domain/member-queue';
import { continueListening, readPlaces } from '../domain/read-places';
import { savePosition } from '../domain/save-position';

/**
 * The listening API: a member's places in episodes and their queue, each their own alone. The save
 * of a place, every listener's write every 15 s, is answered on the direct lane, ahead of Express.
 */
export function listeningRoutes(ports: PlacePorts & QueuePorts, direct: DirectRoutes): express.Router {
  const router = express.Router();
  const positions = '/api/listening/positions';

  router.get(
    positions,
    requireAuth,
    handleSignedIn({ query: positionsQuerySchema }, ({ query, user }) =>
      readPlaces(ports, user, query.episodeIds),
    ),
  );
  // Without a caller, the handler's 401, as requireAuth's.
  const save = handleSignedInDirect(
    { params: positionParamsSchema, body: savePositionBodySchema },
    ({ params, body, user }) => savePosition(ports, user, params.episodeId, body),
  );
  direct.put(router, `${positions}/:episodeId`, save);
  // The same save from `navigator.sendBeacon` as the page goes: a beacon can only POST.
  direct.post(router, `${positions}/:episodeId`, save);
  router.get(
    '/api/listening/continue',
    requireAuth,
    handleSignedIn({ query: continueListeningQuerySchema }, ({ query, user }) =>
      continueListening(ports, user, query.limit),
    ),
  );

  const queues = '/api/listening/queues/:userId';
  router.get(
    queues,
    requireAuth,
    handleSignedIn({ params: queueParamsSchema }, ({ params, user }) =>
      readQueue(ports, user, params.userId),
    ),
  );
  router.put(
    queues,
    requireAuth,
    handleSignedIn({ params: queueParamsSchema, body: saveQueueBodySchema }, ({ params, body, user }) =>
      saveQueue(ports, user, params.userId, body),
    ),
  );
  return router;
}
