import express from 'express';
import { handleSignedIn, requireAuth } from '@podz/kit';
import {
  adminMessageBodySchema,
  conversationListQuerySchema,
  idParamsSchema,
  messagePageQuerySchema,
  sendMessageBodySchema,
  startConversationBodySchema,
} from '@podz/proto';
import { messageAsAdmin } from '../domain/admin-messages';
import type { MessagingDeps } from '../domain/messaging-deps';
import { conversationMessages, getConversation } from '../domain/read-conversation';
import { listConversations, newMessageCount } from '../domain/list-conversations';
import { markRead } from '../domain/mark-read';
import { sendMessage } from '../domain/send-message';
import { startConversation } from '../domain/start-conversation';

/** The conversations API (spec §7 Conversations). Literal paths come before `/:id`. */
export function conversationRoutes(deps: MessagingDeps): express.Router {
  const router = express.Router();
  const base = '/api/conversations';
  router.use(base, requireAuth);

  router.get(
    base,
    handleSignedIn({ query: conversationListQuerySchema }, ({ query, user }) =>
      listConversations(deps, user, query),
    ),
  );
  router.post(
    base,
    deps.idempotency,
    handleSignedIn({ body: startConversationBodySchema }, async ({ body, user }, _req, res) => {
      const sent = await startConversation(deps, user, body);
      res.status(201);
      return sent;
    }),
  );
  router.get(
    `${base}/count`,
    handleSignedIn({}, ({ user }) => newMessageCount(deps, user)),
  );
  router.post(
    `${base}/admin`,
    deps.idempotency,
    handleSignedIn({ body: adminMessageBodySchema }, async ({ body, user }, _req, res) => {
      const result = await messageAsAdmin(deps, user, body);
      res.status(201);
      return result;
    }),
  );
  router.get(
    `${base}/:id`,
    handleSignedIn({ params: idParamsSchema }, ({ params, user }) => getConversation(deps, user, params.id)),
  );
  router.get(
    `${base}/:id/messages`,
    handleSignedIn({ params: idParamsSchema, query: messagePageQuerySchema }, ({ params, query, user }) =>
      conversationMessages(deps, user, params.id, query),
    ),
  );
  router.post(
    `${base}/:id`,
    deps.idempotency,
    handleSignedIn(
      { params: idParamsSchema, body: sendMessageBodySchema },
      async ({ params, body, user }, _req, res) => {
        const sent = await sendMessage(deps, user, params.id, body.text);
        res.status(201);
        return sent;
      },
    ),
  );
  router.put(
    `${base}/:id`,
    handleSignedIn({ params: idParamsSchema }, ({ params, user }) => markRead(deps, user, params.id)),
  );
  return router;
}
