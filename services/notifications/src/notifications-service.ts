import { Emitter } from '@socket.io/redis-emitter';
import { Mailer, PeriodicTask, startService } from '@podz/kit';
import { TOPICS, userRoom } from '@podz/proto';
import type { NotificationsConfig } from './config';
import { Bells } from './data/bells';
import { Contacts } from './data/contacts';
import { Digests } from './data/digests';
import { DueQueue } from './data/due-queue';
import { MessageReminders } from './data/message-reminders';
import { OnceMarks } from './data/once-marks';
import { PreferenceStore } from './data/preferences';
import { Shows } from './data/shows';
import { sendDueDigests, sendDueReminders } from './domain/mail-sweeps';
import type { NotificationsDeps } from './domain/notifications-deps';
import { directorySubscriptions } from './consumers/directory';
import { messageSubscriptions } from './consumers/message-reminders';
import { noticeSubscriptions } from './consumers/notices';
import { UnsubscribeLinks } from './domain/unsubscribe-links';
import { notificationRoutes } from './http/notification-routes';

/**
 * The notifications service: turns the domain events into notifications for people (the bell,
 * pushed live through messaging's Socket.IO sockets; mail through SMTP) as each member's
 * switches say. It publishes no events.
 */
export function startNotifications(config: NotificationsConfig, now: () => Date = () => new Date()) {
  return startService({
    name: 'notifications',
    config,
    topics: [
      TOPICS.identityUser,
      TOPICS.identityContact,
      TOPICS.catalogPodcast,
      TOPICS.catalogEpisode,
      TOPICS.requestsRequest,
      TOPICS.messagingConversation,
    ],
    setup: async ({ db, redis, logger }) => {
      const marks = new OnceMarks(db);
      const shows = new Shows(db);
      await shows.init();
      // Messaging's sockets carry the pushes: its Redis adapter hears the emitter on the same prefix.
      const emitter = new Emitter(redis, { key: config.SOCKET_REDIS_PREFIX });
      const queue = (name: string) => new DueQueue(redis, `notifications:${db.name}:due:${name}`);
      const mailer = new Mailer(config.SMTP_URL, config.MAIL_FROM, logger);
      const deps: NotificationsDeps = {
        config,
        logger,
        bells: new Bells(db),
        preferences: new PreferenceStore(db),
        contacts: new Contacts(db),
        shows,
        marks,
        digests: new Digests(db),
        reminders: new MessageReminders(redis, `notifications:${db.name}:reminders`),
        digestQueue: queue('digests'),
        reminderQueue: queue('messages'),
        mailer,
        unsubscribe: new UnsubscribeLinks(config.NOTIFICATIONS_LINK_SECRET),
        push: (userId, event, payload) => void emitter.to(userRoom(userId)).emit(event, payload),
        now,
        since: await marks.firstRun(now()),
      };
      return {
        routes: [notificationRoutes(deps)],
        // Two groups: a slow announcement to a big show's followers never holds up the directory.
        consumers: [
          { groupId: 'notifications-directory', subscriptions: directorySubscriptions(deps) },
          { groupId: 'notifications', subscriptions: noticeSubscriptions(deps) },
          // Every message passes here: Redis only, harmless to repeat, so no handled-event records.
          {
            groupId: 'notifications-messages',
            subscriptions: messageSubscriptions(deps),
            idempotentHandlers: true,
          },
        ],
        tasks: [
          new PeriodicTask('digests', config.MAIL_SWEEP_MS, () => sendDueDigests(deps), logger),
          new PeriodicTask('message reminders', config.MAIL_SWEEP_MS, () => sendDueReminders(deps), logger),
        ],
        beforeStop: () => mailer.close(),
      };
    },
  });
}
