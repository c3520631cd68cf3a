import type { Redis } from 'ioredis';
import { PLAY_EVENTS, type PlayEvent } from '@podz/proto';

/**
 * One event of one play, counted once: the play's event is remembered for two days, and the
 * episode's and the show's hashes of the day count it (and, on a start, the player it started in).
 * KEYS: none. ARGV: prefix, play id, event, day, episode, show, player.
 */
const COUNT_PLAY = `
local p = ARGV[1]
if not redis.call('SET', p .. ':seen:' .. ARGV[2] .. ':' .. ARGV[3], '1', 'NX', 'EX', 172800) then return 0 end
redis.call('HINCRBY', p .. ':e:' .. ARGV[5] .. ':' .. ARGV[4], ARGV[3], 1)
local show = p .. ':s:' .. ARGV[6] .. ':' .. ARGV[4]
redis.call('HINCRBY', show, ARGV[3], 1)
if ARGV[3] == 'start' then redis.call('HINCRBY', show, 'player:' .. ARGV[7], 1) end
return 1
`;

/**
 * One event of one creative in one play, counted once: as `COUNT_PLAY`, in the campaign's hash of
 * the day, in all and by creative (`<creative>:<event>`).
 * KEYS: none. ARGV: prefix, play id, event, day, campaign, creative, position.
 */
const COUNT_AD_PLAY = `
local p = ARGV[1]
local seen = p .. ':seen:' .. ARGV[2] .. ':' .. ARGV[5] .. ':' .. ARGV[7] .. ':' .. ARGV[3]
if not redis.call('SET', seen, '1', 'NX', 'EX', 172800) then return 0 end
local campaign = p .. ':c:' .. ARGV[5] .. ':' .. ARGV[4]
redis.call('HINCRBY', campaign, ARGV[3], 1)
redis.call('HINCRBY', campaign, ARGV[6] .. ':' .. ARGV[3], 1)
return 1
`;

type PlayRedis = Redis & {
  countPlay(...args: string[]): Promise<number>;
  countAdPlay(...args: string[]): Promise<number>;
};

/** A campaign's confirmed plays: in all, and by creative. */
export interface CampaignPlayCounts {
  totals: Record<PlayEvent, number>;
  creatives: Map<string, Record<PlayEvent, number>>;
}

export type PlayCounts = Record<PlayEvent, number> & { players: { site: number; embed: number } };

/**
 * Client-confirmed plays in Redis by key, apart from downloads: `e:<episode>:<day>` and
 * `s:<show>:<day>` hashes of each event's count (`start`, `q1`…`complete`), the show's also by
 * `player:<site|embed>`; a campaign's creatives' in `c:<campaign>:<day>`; `seen:<play>:…` for two
 * days.
 */
export class PlayCountsStore {
  private readonly redis: PlayRedis;

  constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    if (!('countPlay' in redis)) redis.defineCommand('countPlay', { numberOfKeys: 0, lua: COUNT_PLAY });
    if (!('countAdPlay' in redis))
      redis.defineCommand('countAdPlay', { numberOfKeys: 0, lua: COUNT_AD_PLAY });
    this.redis = redis as PlayRedis;
  }

  /** Whether it counted (false: that play's event was counted already). */
  async count(play: {
    playId: string;
    event: PlayEvent;
    day: string;
    episode: string;
    show: string;
    player: string;
  }) {
    const { playId, event, day, episode, show, player } = play;
    return (await this.redis.countPlay(this.prefix, playId, event, day, episode, show, player)) === 1;
  }

  /** Whether it counted an event of a creative in a play (false: counted already). */
  async countAd(play: {
    playId: string;
    event: PlayEvent;
    day: string;
    campaign: string;
    creative: string;
    position: string;
  }) {
    const { playId, event, day, campaign, creative, position } = play;
    return (
      (await this.redis.countAdPlay(this.prefix, playId, event, day, campaign, creative, position)) === 1
    );
  }

  /** A campaign's creatives' counts over `days` (a range's days: 366 at most). */
  async campaignDays(campaign: string, days: readonly string[]): Promise<CampaignPlayCounts> {
    const hashes = await this.hashes(days.map((day) => `${this.prefix}:c:${campaign}:${day}`));
    const totals = noPlays();
    const creatives = new Map<string, Record<PlayEvent, number>>();
    for (const fields of hashes)
      for (const [field, value] of Object.entries(fields)) {
        const [first, second] = field.split(':');
        const event = (second ?? first) as PlayEvent;
        if (!PLAY_EVENTS.includes(event)) continue;
        if (second === undefined) totals[event] += Number(value);
        else {
          const counts = creatives.get(first ?? '') ?? noPlays();
          counts[event] += Number(value);
          creatives.set(first ?? '', counts);
        }
      }
    return { totals, creatives };
  }

  /** A show's counts on each of `days` (a range's days: 366 at most). */
  async showDays(show: string, days: readonly string[]): Promise<PlayCounts[]> {
    const hashes = await this.hashes(days.map((day) => `${this.prefix}:s:${show}:${day}`));
    return hashes.map((fields) => {
      const counts = Object.fromEntries(
        PLAY_EVENTS.map((event) => [event, Number(fields[event] ?? 0)]),
      ) as Record<PlayEvent, number>;
      return {
        ...counts,
        players: { site: Number(fields['player:site'] ?? 0), embed: Number(fields['player:embed'] ?? 0) },
      };
    });
  }

  private async hashes(keys: string[]): Promise<Record<string, string>[]> {
    const pipeline = this.redis.pipeline();
    for (const key of keys) pipeline.hgetall(key);
    const results = (await pipeline.exec()) ?? [];
    return keys.map((_, index) => {
      const [err, hash] = results[index] ?? [new Error('no answer'), {}];
      if (err) throw err;
      return hash as Record<string, string>;
    });
  }
}

/** Every event at nought. */
export const noPlays = (): Record<PlayEvent, number> =>
  Object.fromEntries(PLAY_EVENTS.map((event) => [event, 0])) as Record<PlayEvent, number>;
