import type { ListenRecord } from '@podz/proto';
import type { CountableAd, CountableListen, FeedFetch, ListenRollups } from '../data/listen-rollups';
import { daysSincePublished, dropReason, periodsOf, thresholdBytes, type DropReason } from './iab-rules';
import type { UserAgents } from '@podz/kit/listens';

const DAY_SECONDS = 24 * 3600;
/** A listener's byte ranges are kept this long after their day ends: later requests merge in. */
const COVER_KEPT_SECONDS = 2 * DAY_SECONDS;
/** Aggregators that poll for many people say how many: `Feedly/1.0 (+http://…; 42 subscribers)`. */
const SUBSCRIBERS = /(\d+)\s+(?:subscribers|readers|followers)/i;

export interface ApplyListensDeps {
  rollups: ListenRollups;
  agents: UserAgents;
  /** Why records were dropped, since start (for logs and tests). */
  dropped: Map<DropReason, number>;
}

/**
 * A batch of listen records through the IAB rules into the rollups: each audio record filtered
 * and given its threshold; each creative in it given the bytes of it the record sent (an ad is
 * delivered once all of them reached the listener: the IAB's rule for dynamically inserted ads,
 * after the same filters); each feed fetch by an app or aggregator kept for the feed followers.
 * Idempotent as a whole: records handed over again change nothing (see the rollups' scripts).
 */
export async function applyListens(
  deps: ApplyListensDeps,
  records: ListenRecord[],
  now = Date.now(),
): Promise<number> {
  // One listener's ranged requests for an episode come in runs (a podcast app fetches a file in
  // pieces): requests alike in everything but their range go to Redis as one step with all their
  // ranges, in the order the first of them came. The same union, counted at the same point.
  const listens = new Map<string, CountableListen>();
  const ads = new Map<string, CountableAd>();
  const fetches: FeedFetch[] = [];
  for (const record of records) {
    const agent = deps.agents.classify(record.ua);
    if (record.kind === 'feed') {
      if (record.status >= 400) continue;
      fetches.push({
        day: periodsOf(record.at).day,
        show: record.show,
        fetcher: record.listener,
        aggregator: agent.app === 'Unknown' ? record.ua.split(/[/ ]/)[0] || 'Unknown' : agent.app,
        subscribers: Number(SUBSCRIBERS.exec(record.ua)?.[1] ?? -1),
      });
      continue;
    }
    const reason = dropReason(record, agent);
    if (reason || !record.episode || !record.file) {
      const key = reason ?? 'not-audio';
      deps.dropped.set(key, (deps.dropped.get(key) ?? 0) + 1);
      continue;
    }
    const { day, month, hour } = periodsOf(record.at);
    const dayEnds = Date.parse(`${day}T00:00:00Z`) / 1000 + DAY_SECONDS;
    const listen: CountableListen = {
      day,
      month,
      hour,
      show: record.show,
      episode: record.episode,
      listener: record.listener,
      monthListener: record.monthListener,
      ranges: [],
      threshold: thresholdBytes(record.file),
      app: agent.app,
      device: agent.device,
      os: agent.os,
      country: record.country ?? '??',
      since: daysSincePublished(record.at, record.published) ?? -1,
      premium: record.premium,
      // Replayed old records (a rebuild) still merge: their ranges live at least an hour.
      coverTtlSeconds: Math.max(3600, Math.ceil(dayEnds + COVER_KEPT_SECONDS - now / 1000)),
    };
    const key = [
      day,
      hour,
      listen.show,
      listen.episode,
      listen.listener,
      listen.monthListener,
      listen.threshold,
      listen.app,
      listen.device,
      listen.os,
      listen.country,
      listen.since,
      listen.premium,
    ].join('\n');
    const alike = listens.get(key) ?? listen;
    listens.set(key, alike);
    // A request answered with no bytes (the client left at once) covers nothing.
    if (record.sent === 0) continue;
    const sent: [number, number] = [record.start, record.start + record.sent - 1];
    alike.ranges.push(sent);
    for (const ad of record.ads) {
      const first = Math.max(sent[0], ad.start);
      const last = Math.min(sent[1], ad.end - 1);
      if (first > last) continue;
      const adKey = [key, ad.campaign, ad.creative, ad.position, ad.start, ad.end].join('\n');
      const adAlike = ads.get(adKey) ?? {
        ...ad,
        day,
        month,
        hour,
        show: record.show,
        episode: record.episode,
        listener: record.listener,
        monthListener: record.monthListener,
        ranges: [],
        app: agent.app,
        os: agent.os,
        country: listen.country,
        coverTtlSeconds: listen.coverTtlSeconds,
      };
      ads.set(adKey, adAlike);
      adAlike.ranges.push([first, last]);
    }
  }
  return deps.rollups.apply([...listens.values()], fetches, [...ads.values()]);
}
