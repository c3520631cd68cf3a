import { on, type Subscription } from '@podz/kit';
import { episodeCreated, episodeUpdated, messageSent, podcastFollowed, userRegistered } from '@podz/proto';
import type { AnalyticsDeps } from '../domain/analytics-deps';
import { dayOf } from '../domain/day-of';

/**
 * The domain events become per-day counts. Each event is counted once however often it arrives;
 * an episode counts once, on the day it was published, however often it is edited afterwards.
 */
export function countEvents(deps: AnalyticsDeps): Subscription[] {
  const { counters } = deps;
  const episode = async (data: { episodeId: string; status: string; publishedAt: string }) => {
    if (data.status === 'published')
      await counters.count('episodes', dayOf(data.publishedAt), data.episodeId, true);
  };
  return [
    on(userRegistered, async (event) => {
      await counters.count('signups', dayOf(event.time), event.id);
    }),
    on(podcastFollowed, async (event) => {
      await counters.count('follows', dayOf(event.time), event.id);
    }),
    on(messageSent, async (event) => {
      await counters.count('messages', dayOf(event.data.sentAt), event.id);
    }),
    on(episodeCreated, (event) => episode(event.data)),
    on(episodeUpdated, (event) => episode(event.data)),
  ];
}
