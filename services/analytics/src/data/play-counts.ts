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

type PlayRedis = Redis & { countPlay(...args: string[]): Promise<number> };

export type PlayCounts = Record<PlayEvent, number> & { players: { site: number; embed: number } };

/**
 * Client-confirmed plays in Redis by key, apart from downloads: `e:<episode>:<day>` and
 * `s:<show>:<day>` hashes of each event's count (`start`, `q1`…`complete`), the show's also by
 * `player:<site|embed>`; `seen:<play>:<event>` for two days.
 */
export class PlayCountsStore {
  private readonly redis: PlayRedis;

  constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    if (!('countPlay' in redis)) redis.defineCommand('countPlay', { numberOfKeys: 0, lua: COUNT_PLAY });
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

  /** A show's counts on each of `days` (a range's days: 366 at most). */
  async showDays(show: string, days: readonly string[]): Promise<PlayCounts[]> {
    const pipeline = this.redis.pipeline();
    for (const day of days) pipeline.hgetall(`${this.prefix}:s:${show}:${day}`);
    const results = (await pipeline.exec()) ?? [];
    return days.map((_, index) => {
      const [err, hash] = results[index] ?? [new Error('no answer'), {}];
      if (err) throw err;
      const fields = hash as Record<string, string>;
      const counts = Object.fromEntries(
        PLAY_EVENTS.map((event) => [event, Number(fields[event] ?? 0)]),
      ) as Record<PlayEvent, number>;
      return {
        ...counts,
        players: { site: Number(fields['player:site'] ?? 0), embed: Number(fields['player:embed'] ?? 0) },
      };
    });
  }
}
