import express from 'express';
import { handle, handleSignedIn, requireAuth } from '@podz/kit';
import {
  markReadBodySchema,
  unsubscribeBodySchema,
  unsubscribeQuerySchema,
  updatePreferencesBodySchema,
} from '@podz/proto';
import { markRead, readBell } from '../domain/bell';
import { readPreferences, updatePreferences } from '../domain/preferences';
import { unsubscribe } from '../domain/unsubscribe';
import type { NotificationsDeps } from '../domain/notifications-deps';

const BASE = '/api/notifications';

/** The member's bell and switches; unsubscribing by a mail's signed link needs no session. */
export function notificationRoutes(deps: NotificationsDeps): express.Router {
  const router = express.Router();

  router.get(
    BASE,
    requireAuth,
    handleSignedIn({}, ({ user }) => readBell(deps, user.id)),
  );
  router.post(
    `${BASE}/read`,
    requireAuth,
    handleSignedIn({ body: markReadBodySchema }, ({ user, body }) => markRead(deps, user.id, body.ids)),
  );
  router.post(
    `${BASE}/read-all`,
    requireAuth,
    handleSignedIn({}, ({ user }) => markRead(deps, user.id)),
  );
  router.get(
    `${BASE}/preferences`,
    requireAuth,
    handleSignedIn({}, ({ user }) => readPreferences(deps, user.id)),
  );
  router.put(
    `${BASE}/preferences`,
    requireAuth,
    handleSignedIn({ body: updatePreferencesBodySchema }, ({ user, body }) =>
      updatePreferences(deps, user.id, body),
    ),
  );
  // The web page posts `{ token }`; a mail app's one-click POST (RFC 8058) carries it in the query.
  router.post(
    `${BASE}/unsubscribe`,
    express.urlencoded({ extended: false, limit: '1kb' }),
    handle({ query: unsubscribeQuerySchema, body: unsubscribeBodySchema }, ({ query, body }) =>
      unsubscribe(deps, body.token ?? query.token),
    ),
  );

  return router;
}
