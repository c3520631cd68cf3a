import express from 'express';
import { handleSignedIn, requireAuth } from '@podz/kit';
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

/** The listening API: a member's places in episodes and their queue, each their own alone. */
export function listeningRoutes(ports: PlacePorts & QueuePorts): express.Router {
  const router = express.Router();
  const positions = '/api/listening/positions';

  router.get(
    positions,
    requireAuth,
    handleSignedIn({ query: positionsQuerySchema }, ({ query, user }) =>
      readPlaces(ports, user, query.episodeIds),
    ),
  );
  const save = handleSignedIn(
    { params: positionParamsSchema, body: savePositionBodySchema },
    ({ params, body, user }) => savePosition(ports, user, params.episodeId, body),
  );
  router.put(`${positions}/:episodeId`, requireAuth, save);
  // The same save from `navigator.sendBeacon` as the page goes: a beacon can only POST.
  router.post(`${positions}/:episodeId`, requireAuth, save);
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
