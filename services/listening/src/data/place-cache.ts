import type { Redis } from 'ioredis';
import { PLAYED_WITHIN_SECONDS, RECENT_PLACES_KEPT } from '@podz/proto';
import type { StoredPlace } from './place';

/** How long a member's places stay in Redis after their last save; the store keeps them after. */
const KEPT_FOR_SECONDS = 30 * 24 * 60 * 60;

// One save, atomic on its member's keys: the newer save wins (two devices, a beacon arriving after
// the pause's save), `played` once set stays set, and the place is marked for the store with the
// time of its first change since it was last stored (a later save keeps that time). Of the recent
// list's overflow, a place not yet stored stays in the hash until the flusher has it.
const SAVE_PLACE = `
local prefix, user, episode = ARGV[1], ARGV[2], ARGV[3]
local position, duration, ended, at = tonumber(ARGV[4]), tonumber(ARGV[5]), ARGV[6] == '1', tonumber(ARGV[7])
local within, kept, ttl = tonumber(ARGV[8]), tonumber(ARGV[9]), tonumber(ARGV[10])
local places, recent, unstored = prefix .. ':pos:' .. user, prefix .. ':recent:' .. user, prefix .. ':unstored'
local played = false
local old = redis.call('HGET', places, episode)
if old then
  local known = cjson.decode(old)
  if known.at > at then return old end
  played = known.played
  if duration == nil and known.duration ~= cjson.null then duration = known.duration end
end
if ended or (duration ~= nil and duration > 0 and position >= duration - within) then played = true end
local place = cjson.encode({ position = position, duration = duration or cjson.null, played = played, at = at })
redis.call('HSET', places, episode, place)
redis.call('ZADD', recent, at, episode)
local overflow = redis.call('ZRANGE', recent, 0, -kept - 1)
for _, gone in ipairs(overflow) do
  if not redis.call('ZSCORE', unstored, user .. ':' .. gone) then redis.call('HDEL', places, gone) end
end
redis.call('ZREMRANGEBYRANK', recent, 0, -kept - 1)
redis.call('EXPIRE', places, ttl)
redis.call('EXPIRE', recent, ttl)
redis.call('ZADD', unstored, 'NX', at, user .. ':' .. episode)
return place
`;

// After the store took places: each leaves the unstored set unless it was saved again meanwhile
// (then the newer one, still marked, goes with the next pass). Gone from the hash (expired): nothing left to store.
const FORGET_STORED = `
local prefix = ARGV[1]
local unstored = prefix .. ':unstored'
for n = 2, #ARGV, 3 do
  local user, episode, at = ARGV[n], ARGV[n + 1], tonumber(ARGV[n + 2])
  local now = redis.call('HGET', prefix .. ':pos:' .. user, episode)
  if not now or cjson.decode(now).at == at then redis.call('ZREM', unstored, user .. ':' .. episode) end
end
return 0
`;

type PlaceRedis = Redis & {
  savePlace(...args: (string | number)[]): Promise<string>;
  forgetStored(...args: (string | number)[]): Promise<number>;
};

interface CachedPlace {
  position: number;
  duration: number | null;
  played: boolean;
  at: number;
}

/**
 * Members' places in Redis, where every save lands first: `<prefix>:pos:<user>` (a hash of each
 * episode's place as JSON), `<prefix>:recent:<user>` (the latest episodes heard, by time) and
 * `<prefix>:unstored` (`<user>:<episode>` changed since the store last took them, scored by the
 * time of the first change).
 */
export class PlaceCache {
  private readonly redis: PlaceRedis;

  constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    if (!('savePlace' in redis)) redis.defineCommand('savePlace', { numberOfKeys: 0, lua: SAVE_PLACE });
    if (!('forgetStored' in redis))
      redis.defineCommand('forgetStored', { numberOfKeys: 0, lua: FORGET_STORED });
    this.redis = redis as PlaceRedis;
  }

  /** Saves a place unless a newer one is there; answers the place kept. */
  async save(
    userId: string,
    episodeId: string,
    save: { position: number; duration?: number; ended?: boolean; at: number },
  ): Promise<StoredPlace> {
    const kept = await this.redis.savePlace(
      this.prefix,
      userId,
      episodeId,
      save.position,
      save.duration ?? '',
      save.ended ? '1' : '0',
      save.at,
      PLAYED_WITHIN_SECONDS,
      RECENT_PLACES_KEPT,
      KEPT_FOR_SECONDS,
    );
    return placeOf(userId, episodeId, kept);
  }

  /** The places of these episodes Redis holds. */
  async places(userId: string, episodeIds: readonly string[]): Promise<StoredPlace[]> {
    if (!episodeIds.length) return [];
    const values = await this.redis.hmget(this.placesKey(userId), ...episodeIds);
    return episodeIds.flatMap((episodeId, n) => {
      const value = values[n];
      return value ? [placeOf(userId, episodeId, value)] : [];
    });
  }

  /** The member's latest episodes heard, newest first (`RECENT_PLACES_KEPT` at most). */
  recentEpisodes(userId: string): Promise<string[]> {
    return this.redis.zrevrange(`${this.prefix}:recent:${userId}`, 0, RECENT_PLACES_KEPT - 1);
  }

  /**
   * Up to `count` places whose first change since they were last stored is older than `before`
   * (ms), oldest first. They stay marked until `stored` says the store has them: an instance killed
   * between the two leaves them for the next pass.
   */
  async unstored(before: number, count: number): Promise<StoredPlace[]> {
    const keys = await this.redis.zrangebyscore(`${this.prefix}:unstored`, '-inf', before, 'LIMIT', 0, count);
    if (!keys.length) return [];
    const pipeline = this.redis.pipeline();
    const pairs = keys.map((key) => key.split(':') as [string, string]);
    for (const [userId, episodeId] of pairs) pipeline.hget(this.placesKey(userId), episodeId);
    const values = (await pipeline.exec()) ?? [];
    const places: StoredPlace[] = [];
    const gone: (string | number)[] = [];
    pairs.forEach(([userId, episodeId], n) => {
      const value = values[n]?.[1];
      if (typeof value === 'string') places.push(placeOf(userId, episodeId, value));
      else gone.push(userId, episodeId, -1);
    });
    if (gone.length) await this.redis.forgetStored(this.prefix, ...gone);
    return places;
  }

  /** The store has these places: unmarked, unless saved again since. */
  async stored(places: readonly StoredPlace[]): Promise<void> {
    if (!places.length) return;
    await this.redis.forgetStored(
      this.prefix,
      ...places.flatMap((place) => [place.userId, place.episodeId, place.at]),
    );
  }

  private placesKey(userId: string): string {
    return `${this.prefix}:pos:${userId}`;
  }
}

function placeOf(userId: string, episodeId: string, value: string): StoredPlace {
  const cached = JSON.parse(value) as CachedPlace;
  return {
    userId,
    episodeId,
    position: cached.position,
    duration: cached.duration,
    played: cached.played,
    at: cached.at,
  };
}
