import { createHmac } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { PrivateFeedRow } from './private-feed-store';

/** A private feed fetched from more places in a day than one member uses. */
export interface SharingFlag {
  feedId: string;
  userId: string;
  /** The UTC day it was seen, `2026-11-27`. */
  day: string;
  /** Distinct addresses and apps that fetched it that day (HyperLogLog estimates, within 1 %). */
  addresses: number;
  apps: number;
  flaggedAt: string;
}

export interface SharingLimits {
  addresses: number;
  apps: number;
}

const DAY_SECONDS = 24 * 3600;
/** Flags kept per show (the newest), and how long one stays. */
const FLAGS_KEPT = 100;
const FLAG_SECONDS = 30 * DAY_SECONDS;

/**
 * The app that fetched, as its user agent names itself first (`Overcast/3.0 (…)` → `overcast`):
 * enough to tell apps apart, not to recognise them (analytics does that, from OPAWG's lists).
 */
export const appOf = (userAgent: string) =>
  (/^[^\s/;(]+/.exec(userAgent.trim())?.[0] ?? 'unknown').toLowerCase().slice(0, 60);

/**
 * Sees that private feeds are shared: each fetch adds its address (as an HMAC, never the address)
 * and its app to the feed's HyperLogLogs of the day in Redis (12 kB at most each, gone after two
 * days), and a feed whose day passes either limit is flagged to its show's owner and the admins,
 * with the day's figures. One pipeline per fetch, after the answer has gone.
 */
export class FeedSharing {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly secret: string,
    private readonly limits: SharingLimits,
  ) {}

  async seen(feed: PrivateFeedRow, fetch: { address: string; userAgent: string }, now = new Date()) {
    const day = now.toISOString().slice(0, 10);
    const reach = `${this.prefix}:reach:${feed.feedId}:${day}`;
    const address = createHmac('sha256', this.secret)
      .update(`feed-address:${fetch.address}`)
      .digest('base64url');
    const results = await this.redis
      .multi()
      .pfadd(`${reach}:a`, address)
      .pfadd(`${reach}:u`, appOf(fetch.userAgent))
      .pfcount(`${reach}:a`)
      .pfcount(`${reach}:u`)
      .expire(`${reach}:a`, 2 * DAY_SECONDS)
      .expire(`${reach}:u`, 2 * DAY_SECONDS)
      .exec();
    const addresses = Number(results?.[2]?.[1] ?? 0);
    const apps = Number(results?.[3]?.[1] ?? 0);
    if (addresses <= this.limits.addresses && apps <= this.limits.apps) return;
    const flag: SharingFlag = {
      feedId: feed.feedId,
      userId: feed.userId,
      day,
      addresses,
      apps,
      flaggedAt: now.toISOString(),
    };
    const flags = this.flagsKey(feed.podcastId);
    await this.redis
      .multi()
      .set(this.flagKey(feed.feedId), JSON.stringify(flag), 'EX', FLAG_SECONDS)
      .zadd(flags, now.getTime(), feed.feedId)
      .zremrangebyrank(flags, 0, -FLAGS_KEPT - 1)
      .expire(flags, FLAG_SECONDS)
      .exec();
  }

  /** The show's flagged feeds, newest first (at most 100). */
  async flagsOf(podcastId: string): Promise<SharingFlag[]> {
    const ids = await this.redis.zrevrange(this.flagsKey(podcastId), 0, FLAGS_KEPT - 1);
    if (ids.length === 0) return [];
    const stored = await this.redis.mget(ids.map((id) => this.flagKey(id)));
    return stored.flatMap((value) => (value ? [JSON.parse(value) as SharingFlag] : []));
  }

  /** A feed reset or cleared by the show's team: its flag goes with the old link. */
  async clear(podcastId: string, feedId: string): Promise<void> {
    await this.redis.multi().del(this.flagKey(feedId)).zrem(this.flagsKey(podcastId), feedId).exec();
  }

  private flagsKey(podcastId: string) {
    return `${this.prefix}:flags:${podcastId}`;
  }

  private flagKey(feedId: string) {
    return `${this.prefix}:flag:${feedId}`;
  }
}
