import { on, type Subscription } from '@podz/kit';
import {
  contactChanged,
  conversationRead,
  episodeCreated,
  episodeUpdated,
  guestAdded,
  hostConfirmed,
  hostDeclined,
  hostInvited,
  messageSent,
  podcastCreated,
  podcastDeleted,
  podcastFollowed,
  podcastUnfollowed,
  podcastUpdated,
  requestApproved,
  requestRejected,
  userDeleted,
  type EventEnvelope,
} from '@podz/proto';
import { reminderKey } from '../data/message-reminders';
import { announceEpisode } from './announce-episodes';
import { notify } from './deliver';
import type { NotificationsDeps } from './notifications-deps';

/**
 * What the service keeps of others' data: members' addresses, shows and their followers. Each
 * handler sets or deletes by key, from the event's content; the group records handled events.
 */
export function directorySubscriptions(deps: NotificationsDeps): Subscription[] {
  const saveShow = ({ data }: { data: { podcastId: string; uId: string; name: string; ownerId: string } }) =>
    deps.shows.save({ _id: data.podcastId, uId: data.uId, name: data.name, ownerId: data.ownerId });
  return [
    on(contactChanged, ({ data }) =>
      deps.contacts.save({
        _id: data.userId,
        username: data.username,
        email: data.email,
        verified: data.verified,
      }),
    ),
    on(userDeleted, ({ data }) => forget(deps, data.userId)),
    on(podcastCreated, saveShow),
    on(podcastUpdated, saveShow),
    on(podcastDeleted, ({ data }) => deps.shows.removeShow(data.podcastId)),
    on(podcastFollowed, ({ data }) => deps.shows.follow(data.podcastId, data.userId)),
    on(podcastUnfollowed, ({ data }) => deps.shows.unfollow(data.podcastId, data.userId)),
  ];
}

async function forget(deps: NotificationsDeps, userId: string): Promise<void> {
  await Promise.all([
    deps.bells.remove(userId),
    deps.preferences.remove(userId),
    deps.contacts.remove(userId),
    deps.digests.remove(userId),
    deps.digestQueue.cancel(userId),
    deps.shows.removeFollower(userId),
  ]);
}

/**
 * The events people are told about. An event from before the service first ran is history (a
 * new deployment reads every topic from its start) and tells no one.
 */
export function noticeSubscriptions(deps: NotificationsDeps): Subscription[] {
  const news =
    <E extends EventEnvelope>(handler: (event: E) => Promise<void>) =>
    async (event: E) => {
      if (new Date(event.time) >= deps.since) await handler(event);
    };
  const ownerOf = async (podcastId: string) => (await deps.shows.find(podcastId))?.ownerId;
  const nameOf = async (userId: string) => (await deps.contacts.find(userId))?.username ?? 'A member';
  const hostAnswer = (accepted: boolean) =>
    news(async (event: EventEnvelope<{ podcastId: string; userId: string; podcastName: string }>) => {
      const { podcastId, userId, podcastName } = event.data;
      const ownerId = await ownerOf(podcastId);
      if (!ownerId) return;
      await notify(deps, ownerId, {
        id: event.id,
        category: 'hosting',
        title: `${await nameOf(userId)} ${accepted ? 'accepted' : 'declined'} to host ${podcastName}`,
        body: accepted ? 'They are listed as a host of the show now.' : 'You may invite someone else.',
        href: '/podcasts',
      });
    });
  const reviewed = (approved: boolean) =>
    news(async (event: EventEnvelope<{ userId: string; role: string; note: string }>) => {
      const { userId, role, note } = event.data;
      await notify(deps, userId, {
        id: event.id,
        category: 'requests',
        title: `Your request for ${role} access was ${approved ? 'approved' : 'not approved'}`,
        body: note,
        href: '/requests/access',
      });
    });

  return [
    on(
      episodeCreated,
      news((event) => announceEpisode(deps, event.data)),
    ),
    on(
      episodeUpdated,
      news((event) => announceEpisode(deps, event.data)),
    ),
    on(requestApproved, reviewed(true)),
    on(requestRejected, reviewed(false)),
    on(
      hostInvited,
      news(async (event) => {
        const { podcastId, userId, podcastName } = event.data;
        const ownerId = await ownerOf(podcastId);
        await notify(deps, userId, {
          id: event.id,
          category: 'hosting',
          title: `${ownerId ? await nameOf(ownerId) : 'A show owner'} invited you to host ${podcastName}`,
          body: 'Accept or decline under Host Requests.',
          href: '/podcasts/requests',
        });
      }),
    ),
    on(hostConfirmed, hostAnswer(true)),
    on(hostDeclined, hostAnswer(false)),
    on(
      guestAdded,
      news(async (event) => {
        const { podcastId, episodeId, userId, title } = event.data;
        const show = await deps.shows.find(podcastId);
        await notify(deps, userId, {
          id: event.id,
          category: 'guests',
          title: `You are credited as a guest on “${title}”`,
          body: show ? `An episode of ${show.name}.` : '',
          href: show ? `/shows/${encodeURIComponent(show.uId)}/${episodeId}` : '/guest-podz',
        });
      }),
    ),
  ];
}

/**
 * Messages left unread: each message schedules its recipients' reminder (the first unread one
 * per conversation counts), each read cancels the reader's. Both are harmless to repeat.
 */
export function messageSubscriptions(deps: NotificationsDeps): Subscription[] {
  return [
    on(messageSent, async ({ data }) => {
      if (new Date(data.sentAt) < deps.since) return;
      const due = new Date(new Date(data.sentAt).getTime() + deps.config.MESSAGE_MAIL_DELAY_SECONDS * 1000);
      for (const userId of data.recipientIds) {
        if (userId === data.senderId) continue;
        // Scheduling again is harmless (the earlier due time stands), and finishes what a crash cut short.
        const { mailed } = await deps.reminders.waiting(data.conversationId, userId, data.senderId);
        if (!mailed) await deps.reminderQueue.schedule(reminderKey(data.conversationId, userId), due);
      }
    }),
    on(conversationRead, async ({ data }) => {
      await deps.reminders.read(data.conversationId, data.userId);
      await deps.reminderQueue.cancel(reminderKey(data.conversationId, data.userId));
    }),
  ];
}
