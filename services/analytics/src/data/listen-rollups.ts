import type { Redis } from 'ioredis';
import { APPLY_AD, APPLY_FEED_FETCH, APPLY_LISTEN, READ_FIGURES } from './listen-rollups.lua';
import type { AdPosition } from '@podz/proto';

/** What the download rollups in Redis are fed: an audio record that passed the IAB filters. */
export interface CountableListen {
  day: string;
  month: string;
  hour: number;
  show: string;
  episode: string;
  listener: string;
  monthListener: string;
  /**
   * The byte ranges delivered, `[first, last]` inclusive: one request's, or several requests' of
   * the same listener, episode, day and attributes merged in one step.
   */
  ranges: [number, number][];
  threshold: number;
  app: string;
  device: string;
  os: string;
  country: string;
  /** Days from the episode's publication, -1 when unknown. */
  since: number;
  /** Served to a member (premium audio): also counted for the show's members' figures. */
  premium: boolean;
  coverTtlSeconds: number;
}

/** A creative's bytes in an audio record that passed the IAB filters: what the ad rollups are fed. */
export interface CountableAd {
  day: string;
  month: string;
  hour: number;
  campaign: string;
  creative: string;
  position: AdPosition;
  show: string;
  episode: string;
  listener: string;
  monthListener: string;
  /** The creative's bytes in that listener's file, `end` exclusive. */
  start: number;
  end: number;
  /** The bytes of it sent, `[first, last]` inclusive, within `start`…`end`. */
  ranges: [number, number][];
  app: string;
  os: string;
  country: string;
  coverTtlSeconds: number;
}

export interface FeedFetch {
  day: string;
  show: string;
  fetcher: string;
  aggregator: string;
  /** -1 when the agent reports none. */
  subscribers: number;
}

/**
 * Downloads: `n` the network, `s:<id>` a show, `e:<id>` an episode, `m:<id>` a show's downloads by
 * members. Ads delivered: `ad:<campaign>`, `ak:<campaign>:<creative>`, `as:<show>` (every
 * campaign's in the show's episodes).
 */
export type Entity =
  | 'n'
  | `s:${string}`
  | `e:${string}`
  | `m:${string}`
  | `ad:${string}`
  | `ak:${string}:${string}`
  | `as:${string}`;

type RollupRedis = Redis & {
  applyListen(...args: (string | number)[]): Promise<number>;
  applyFeedFetch(...args: (string | number)[]): Promise<number>;
  applyAd(...args: (string | number)[]): Promise<number>;
  readFigures(...args: (string | number)[]): Promise<[number[], (string | number)[], number[], number]>;
};

/** What a range's figures read from one entity (`ListenRollups.figures`). */
export interface EntityFigures {
  /** Downloads in each period of the series asked for (days, or months). */
  daily: number[];
  /** The breakdown fields (`h:<hour>`, `a:<app>`, …) summed over the range. */
  sums: Map<string, number>;
  /** Unique listeners in each period asked for. */
  listeners: number[];
  allTime: number;
}

/**
 * The download rollups in Redis, one generation under one prefix, all read by key:
 *
 * - `<entity>:days` / `:months`: downloads per UTC day / month (hash); `m:<show>` holds the
 *   show's downloads of premium audio by members, beside `s:<show>`'s of everything;
 * - `<entity>:day:<day>` / `:month:<month>`: the day's / month's downloads by `h:<hour>`,
 *   `a:<app>`, `d:<device>`, `o:<os>`, `c:<country>` (hash);
 * - `<entity>:lis:<day>` / `:lism:<month>`: unique listeners (HyperLogLog);
 * - `s:<show>:eps`: per episode `<id>:7`, `<id>:30`, `<id>:all`; `totals`: all time per entity;
 * - `top:s:<month>` / `top:e:<month>`: the month's shows and episodes by downloads (sorted set);
 * - `s:<show>:fetchers:<day>` (HyperLogLog) and `:aggregators:<day>` (hash): feed followers;
 * - `cover:<day>:<episode>:<listener>`: the bytes a listener has had of an episode on a day, until
 *   counted; kept two days past its day;
 * - `ad:<campaign>`, `ak:<campaign>:<creative>`, `as:<show>`: ads delivered, laid out as an
 *   entity's downloads, by `g:<campaign>`, `k:<creative>`, `p:<position>`, `s:<show>`,
 *   `e:<episode>`, `a:<app>`, `o:<os>`, `c:<country>`, `h:<hour>`;
 * - `adcover:<day>:<episode>:<listener>:<campaign>:<first byte>`: a creative's bytes a listener has
 *   had, until delivered; kept as long as `cover`.
 */
export class ListenRollups {
  private readonly redis: RollupRedis;

  constructor(
    redis: Redis,
    readonly prefix: string,
  ) {
    this.redis = redis as RollupRedis;
    if (!('applyListen' in redis)) {
      redis.defineCommand('applyListen', { numberOfKeys: 0, lua: APPLY_LISTEN });
      redis.defineCommand('applyFeedFetch', { numberOfKeys: 0, lua: APPLY_FEED_FETCH });
      redis.defineCommand('applyAd', { numberOfKeys: 0, lua: APPLY_AD });
      redis.defineCommand('readFigures', { numberOfKeys: 0, lua: READ_FIGURES });
    }
  }

  /**
   * Applies listens, fetches and creatives' bytes in one round trip; returns how many downloads
   * were counted (deliveries are not in it).
   */
  async apply(listens: CountableListen[], fetches: FeedFetch[], ads: CountableAd[] = []): Promise<number> {
    if (listens.length === 0 && fetches.length === 0 && ads.length === 0) return 0;
    const pipeline = this.redis.pipeline() as unknown as RollupRedis & {
      exec(): Promise<[Error | null, unknown][]>;
    };
    for (const l of listens) {
      pipeline.applyListen(
        this.prefix,
        l.day,
        l.month,
        l.hour,
        l.show,
        l.episode,
        l.listener,
        l.monthListener,
        l.ranges.map(([first, last]) => `${first}-${last}`).join(','),
        l.threshold,
        l.app,
        l.device,
        l.os,
        l.country,
        l.since,
        l.coverTtlSeconds,
        l.premium ? 1 : 0,
      );
    }
    for (const f of fetches)
      pipeline.applyFeedFetch(this.prefix, f.day, f.show, f.fetcher, f.aggregator, f.subscribers);
    for (const a of ads)
      pipeline.applyAd(
        this.prefix,
        a.day,
        a.month,
        a.hour,
        a.campaign,
        a.creative,
        a.position,
        a.show,
        a.episode,
        a.listener,
        a.monthListener,
        a.start,
        a.end,
        a.ranges.map(([first, last]) => `${first}-${last}`).join(','),
        a.app,
        a.os,
        a.country,
        a.coverTtlSeconds,
      );
    const results = (await pipeline.exec()) ?? [];
    let counted = 0;
    for (const [index, [err, value]] of results.entries()) {
      if (err) throw err;
      if (index < listens.length) counted += Number(value) === 1 ? 1 : 0;
    }
    return counted;
  }

  /**
   * A range's figures of one entity in one round trip (the sums done in Redis): what a read of
   * twelve months costs whatever the network's size.
   */
  async figures(
    entity: Entity,
    range: { wholeMonths: string[]; edgeDays: string[]; closedBefore: string },
    series: { unit: 'days' | 'months'; periods: string[] },
    listeners: { unit: 'lis' | 'lism'; periods: string[] },
  ): Promise<EntityFigures> {
    const counted = (items: string[]) => [items.length, ...items];
    const [daily, flat, perPeriod, allTime] = await this.redis.readFigures(
      this.prefix,
      entity,
      series.unit,
      ...counted(series.periods),
      ...counted(range.wholeMonths),
      ...counted(range.edgeDays),
      listeners.unit,
      listeners.unit === 'lis' ? range.closedBefore : range.closedBefore.slice(0, 7),
      ...counted(listeners.periods),
    );
    const sums = new Map<string, number>();
    for (let index = 0; index + 1 < flat.length; index += 2)
      sums.set(String(flat[index]), Number(flat[index + 1]));
    return { daily: daily.map(Number), sums, listeners: perPeriod.map(Number), allTime: Number(allTime) };
  }

  /** Downloads of `entity` on each of `days` / in each of `months`. */
  async perPeriod(entity: Entity, unit: 'days' | 'months', periods: string[]): Promise<number[]> {
    if (periods.length === 0) return [];
    const values = await this.redis.hmget(`${this.prefix}:${entity}:${unit}`, ...periods);
    return values.map((value) => Number(value ?? 0));
  }

  /** The breakdown hashes of whole months and single days, summed field by field. */
  async breakdown(entity: Entity, months: string[], days: string[]): Promise<Map<string, number>> {
    const pipeline = this.redis.pipeline();
    for (const month of months) pipeline.hgetall(`${this.prefix}:${entity}:month:${month}`);
    for (const day of days) pipeline.hgetall(`${this.prefix}:${entity}:day:${day}`);
    const sums = new Map<string, number>();
    for (const [err, hash] of (await pipeline.exec()) ?? []) {
      if (err) throw err;
      for (const [field, value] of Object.entries(hash as Record<string, string>))
        sums.set(field, (sums.get(field) ?? 0) + Number(value));
    }
    return sums;
  }

  /** Unique listeners per day (`lis`) or per month (`lism`); `closedBefore`: see `settled`. */
  async listeners(
    entity: Entity,
    unit: 'lis' | 'lism',
    periods: string[],
    closedBefore = '',
  ): Promise<number[]> {
    const count = async (wanted: string[]) => {
      if (wanted.length === 0) return [];
      const pipeline = this.redis.pipeline();
      for (const period of wanted) pipeline.pfcount(`${this.prefix}:${entity}:${unit}:${period}`);
      return ((await pipeline.exec()) ?? []).map(([err, value]) => {
        if (err) throw err;
        return String(value);
      });
    };
    const values = await this.settled(
      `${this.prefix}:${entity}:${unit}:settled`,
      periods,
      closedBefore,
      count,
    );
    return values.map(Number);
  }

  /**
   * Figures of periods that can no longer change (before `closedBefore`: a record is applied at
   * most a day or two late) are counted once and kept in `key`, so a long range is one `HMGET`
   * and not a `PFCOUNT` per day; the periods still open are counted each time.
   */
  private async settled(
    key: string,
    periods: string[],
    closedBefore: string,
    count: (periods: string[]) => Promise<string[]>,
  ): Promise<string[]> {
    const closed = periods.filter((period) => period < closedBefore);
    const kept = closed.length ? await this.redis.hmget(key, ...closed) : [];
    const missing = closed.filter((_, index) => kept[index] === null);
    const open = periods.filter((period) => period >= closedBefore);
    const [counted, live] = await Promise.all([count(missing), count(open)]);
    if (missing.length)
      await this.redis.hset(key, Object.fromEntries(missing.map((p, i) => [p, counted[i] ?? '0'])));
    const byPeriod = new Map<string, string>();
    closed.forEach((period, index) => byPeriod.set(period, kept[index] ?? '0'));
    missing.forEach((period, index) => byPeriod.set(period, counted[index] ?? '0'));
    open.forEach((period, index) => byPeriod.set(period, live[index] ?? '0'));
    return periods.map((period) => byPeriod.get(period) ?? '0');
  }

  async allTime(entities: Entity[]): Promise<number[]> {
    if (entities.length === 0) return [];
    const values = await this.redis.hmget(`${this.prefix}:totals`, ...entities);
    return values.map((value) => Number(value ?? 0));
  }

  /** Per episode of a show: `{ '7': n, '30': n, all: n }`. */
  async episodeTable(show: string): Promise<Map<string, { first7: number; first30: number; all: number }>> {
    const hash = await this.redis.hgetall(`${this.prefix}:s:${show}:eps`);
    const table = new Map<string, { first7: number; first30: number; all: number }>();
    for (const [field, value] of Object.entries(hash)) {
      const [episode = '', window] = field.split(':');
      const row = table.get(episode) ?? { first7: 0, first30: 0, all: 0 };
      if (window === '7') row.first7 = Number(value);
      else if (window === '30') row.first30 = Number(value);
      else row.all = Number(value);
      table.set(episode, row);
    }
    return table;
  }

  /** The month's top `limit` shows or episodes by downloads. */
  async top(kind: 's' | 'e', month: string, limit: number): Promise<{ id: string; downloads: number }[]> {
    const flat = await this.redis.zrevrange(
      `${this.prefix}:top:${kind}:${month}`,
      0,
      limit - 1,
      'WITHSCORES',
    );
    const rows: { id: string; downloads: number }[] = [];
    for (let index = 0; index + 1 < flat.length; index += 2)
      rows.push({ id: String(flat[index]), downloads: Number(flat[index + 1]) });
    return rows;
  }

  /** Per day: distinct feed fetchers and the aggregators' reported subscribers (summed). */
  async feedFollowers(
    show: string,
    days: string[],
    closedBefore = '',
  ): Promise<{ fetchers: number; subscribers: number }[]> {
    const count = async (wanted: string[]) => {
      if (wanted.length === 0) return [];
      const pipeline = this.redis.pipeline();
      for (const day of wanted) {
        pipeline.pfcount(`${this.prefix}:s:${show}:fetchers:${day}`);
        pipeline.hvals(`${this.prefix}:s:${show}:aggregators:${day}`);
      }
      const results = (await pipeline.exec()) ?? [];
      return wanted.map((_, index) => {
        const [fetchErr, fetchers] = results[index * 2] ?? [new Error('no answer'), 0];
        const [aggErr, values] = results[index * 2 + 1] ?? [new Error('no answer'), []];
        if (fetchErr ?? aggErr) throw fetchErr ?? aggErr;
        const subscribers = (values as string[]).reduce((sum, value) => sum + Number(value), 0);
        return `${Number(fetchers)},${subscribers}`;
      });
    };
    const values = await this.settled(
      `${this.prefix}:s:${show}:followers:settled`,
      days,
      closedBefore,
      count,
    );
    return values.map((value) => {
      const [fetchers = 0, subscribers = 0] = value.split(',').map(Number);
      return { fetchers, subscribers };
    });
  }
}
