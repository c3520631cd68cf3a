import {
  BackgroundJobs,
  connectRedis,
  idempotent,
  RateLimiter,
  SessionRevocations,
  startService,
} from '@podz/kit';
import { UserDirectory } from '@podz/read-models';
import { TOPICS } from '@podz/proto';
import type { MessagingConfig } from './config';
import { ActivityLists } from './data/activity-lists';
import { BroadcastRepository, broadcastModel } from './data/broadcast-repository';
import { ConversationRepository } from './data/conversation-repository';
import { conversationModel } from './data/conversation-model';
import { InboxRepository } from './data/inbox-repository';
import { MessageRepository } from './data/message-repository';
import { messageModel } from './data/message-model';
import type { MessagingDeps } from './domain/messaging-deps';
import { broadcastDelivery } from './consumers/broadcast-delivery';
import { newMessageCountOf } from './domain/new-message-count';
import { messageUpkeep } from './consumers/message-upkeep';
import { reviewNotices } from './consumers/review-notices';
import { userSync } from './consumers/user-sync';
import { conversationRoutes } from './http/conversation-routes';
import { createSocketServer } from './realtime/socket-server';

/** The messaging service: conversations, messages and the realtime socket. */
export function startMessaging(config: MessagingConfig) {
  return startService({
    name: 'messaging',
    config,
    topics: [TOPICS.messagingConversation, TOPICS.messagingBroadcast],
    redis: { autoPipelining: true },
    setup: async ({ db, redis, relay, logger }) => {
      const conversations = conversationModel(db);
      const messages = messageModel(db);
      const broadcasts = broadcastModel(db);
      const users = new UserDirectory(db);
      await Promise.all([conversations.init(), messages.init(), broadcasts.init(), users.init()]);
      await InboxRepository.dropStoredInboxes(db);
      // The socket server counts through the deps it is part of; it asks only once a socket connects.
      const sockets = await createSocketServer({
        publicKey: config.JWT_PUBLIC_KEY,
        revocations: new SessionRevocations(redis),
        connectRedis: () => connectRedis(config.REDIS_URL, logger, { autoPipelining: true }),
        redisPrefix: config.SOCKET_REDIS_PREFIX,
        logger,
        countFor: (userId) => newMessageCountOf(deps, userId),
      });
      const deps: MessagingDeps = {
        config,
        logger,
        conversations: new ConversationRepository(conversations, relay),
        messages: new MessageRepository(messages, { writeWindowMs: config.MESSAGE_WRITE_WINDOW_MS }),
        inboxes: new InboxRepository(redis, `messaging:${db.name}`),
        activity: new ActivityLists(redis, `messaging:${db.name}`),
        broadcasts: new BroadcastRepository(broadcasts, relay),
        users,
        limiter: new RateLimiter(redis),
        notifier: sockets.notifier,
        idempotency: idempotent(redis, 'messaging'),
        background: new BackgroundJobs(logger),
      };
      return {
        routes: [conversationRoutes(deps)],
        aggregates: [conversations, broadcasts],
        consumers: [
          { subscriptions: [...userSync(deps), ...reviewNotices(deps)] },
          { groupId: 'messaging-broadcasts', subscriptions: broadcastDelivery(deps) },
          { groupId: 'messaging-upkeep', subscriptions: messageUpkeep(deps), idempotentHandlers: true },
        ],
        attach: (server) => {
          sockets.attach(server);
          return () => sockets.close();
        },
      };
    },
  });
}
