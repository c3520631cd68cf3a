import { on, onBatch, type Subscription } from '@podz/kit';
import {
  contactChanged,
  podcastCreated,
  podcastDeleted,
  podcastFollowed,
  podcastUnfollowed,
  podcastUpdated,
  userDeleted,
} from '@podz/proto';
import { forgetMember } from '../domain/forget-member';
import type { NotificationsDeps } from '../domain/notifications-deps';

/**
 * What the service keeps of others' data: members' addresses, shows and their followers. Each
 * handler sets or deletes by key, from the event's content, so a batch retried whole ends the
 * same; the group records handled events.
 */
export function directorySubscriptions(deps: NotificationsDeps): Subscription[] {
  const saveShows = (events: { data: { podcastId: string; uId: string; name: string; ownerId: string } }[]) =>
    deps.shows.saveMany(
      events.map(({ data }) => ({
        _id: data.podcastId,
        uId: data.uId,
        name: data.name,
        ownerId: data.ownerId,
      })),
    );
  return [
    onBatch(contactChanged, (events) =>
      deps.contacts.saveMany(
        events.map(({ data }) => ({
          _id: data.userId,
          username: data.username,
          email: data.email,
          verified: data.verified,
        })),
      ),
    ),
    on(userDeleted, ({ data }) => forgetMember(deps, data.userId)),
    onBatch(podcastCreated, saveShows),
    onBatch(podcastUpdated, saveShows),
    on(podcastDeleted, ({ data }) => deps.shows.removeShow(data.podcastId)),
    on(podcastFollowed, ({ data }) => deps.shows.follow(data.podcastId, data.userId)),
    on(podcastUnfollowed, ({ data }) => deps.shows.unfollow(data.podcastId, data.userId)),
  ];
}
