import type { Redis } from 'ioredis';

/** Where an entry belongs: a list and its score there (ties are ordered by the member's bytes). */
export interface Placement {
  list: string;
  score: number;
}

/** One page of ids out of a list, and how many the whole list holds. */
export interface RankedPage {
  list: string;
  ids: string[];
  /** The members the ids were read from, to take one out that should not be there (`evict`). */
  members: string[];
  total: number;
  /** With {@link RecordKeys}: what Redis keeps of each id, read in the same round trip. */
  kept?: KeptRecords;
}

/**
 * Where the entries' documents are kept in Redis (catalog's record cache): each id's record under
 * `record + id`, its write counter under `epoch + id`.
 */
export interface RecordKeys {
  record: string;
  epoch: string;
}

/** Per id of a page, in its order: the kept bytes (null if none), and the epoch where none was kept. */
export interface KeptRecords {
  records: (Buffer | null)[];
  epochs: (string | null)[];
}

// The member is "<sort key>\x01<id>": lists whose scores tie (all 0) come out in sort-key order,
// and \x01 sorts before any printable character, so "ab" comes before "ab c".
const SEPARATOR = '\x01';
const idOf = (member: string) => member.slice(member.lastIndexOf(SEPARATOR) + 1);

/**
 * Moves one entry into exactly the lists given, out of every list it was in before, atomically.
 * The hash remembers each entry's member and lists, so a renamed show leaves its old place.
 * KEYS[1] the hash; ARGV: id, member, then list/score pairs.
 */
const PLACE_SCRIPT = `
local old = redis.call('HGET', KEYS[1], ARGV[1])
if old then
  local was = cjson.decode(old)
  for _, list in ipairs(was.lists) do redis.call('ZREM', list, was.member) end
end
local lists = {}
for i = 3, #ARGV, 2 do
  redis.call('ZADD', ARGV[i], ARGV[i + 1], ARGV[2])
  table.insert(lists, ARGV[i])
end
if #lists > 0 then
  redis.call('HSET', KEYS[1], ARGV[1], cjson.encode({ member = ARGV[2], lists = lists }))
else
  redis.call('HDEL', KEYS[1], ARGV[1])
end
return #lists
`;

/**
 * `descending` and the records of the page's ids, in one round trip instead of two: on this kind of
 * machine a round trip to Redis costs about a tenth of a millisecond of the caller's CPU, a fifth
 * of a show page's render. KEYS[1] the built marker, KEYS[2] the list; ARGV: the maximum score,
 * offset, count, then the record and epoch key prefixes (keys built in the script, which a single
 * Redis allows; a Redis Cluster would need them in one hash slot).
 */
const DESCENDING_WITH_RECORDS_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
local members = redis.call('ZREVRANGEBYSCORE', KEYS[2], ARGV[1], '-inf', 'LIMIT', ARGV[2], ARGV[3])
local total = redis.call('ZCOUNT', KEYS[2], '-inf', ARGV[1])
local records, epochs = {}, {}
for i, member in ipairs(members) do
  local id = string.match(member, '([^\\1]*)$')
  records[i] = redis.call('GET', ARGV[4] .. id)
  epochs[i] = false
  if not records[i] then epochs[i] = redis.call('GET', ARGV[5] .. id) end
end
return { total, members, records, epochs }
`;

type PlacingRedis = Redis & {
  placeEntry(hash: string, id: string, member: string, ...placements: (string | number)[]): Promise<number>;
  descendingWithRecordsBuffer(
    built: string,
    list: string,
    max: number | string,
    offset: number,
    count: number,
    recordPrefix: string,
    epochPrefix: string,
  ): Promise<[number, Buffer[], (Buffer | null)[], (Buffer | null)[]] | null>;
};

/**
 * Lists kept in Redis sorted sets beside the store, so that a page of a list that grows with the
 * network costs the same at 100 or 100,000 entries: the ids come from the sorted set, the
 * documents by `_id`. The store stays the truth: a list is rebuilt from it when missing (a list
 * counts as there only once its `built` marker is), and readers check each document they load
 * against the list's rule, so an entry left behind by a crash or a race never shows.
 */
export class RankedLists {
  private readonly redis: PlacingRedis;

  constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    if (!('placeEntry' in redis)) redis.defineCommand('placeEntry', { numberOfKeys: 1, lua: PLACE_SCRIPT });
    if (!('descendingWithRecords' in redis)) {
      redis.defineCommand('descendingWithRecords', { numberOfKeys: 2, lua: DESCENDING_WITH_RECORDS_SCRIPT });
    }
    this.redis = redis as PlacingRedis;
  }

  key(name: string): string {
    return `${this.prefix}:${name}`;
  }

  /** Puts entry `id` of `family` in exactly these lists (none: out of all of them). */
  async place(family: string, id: string, sortKey: string, placements: Placement[]): Promise<void> {
    await this.redis.placeEntry(
      this.key(`members:${family}`),
      id,
      `${sortKey}${SEPARATOR}${id}`,
      ...placements.flatMap((p) => [this.key(p.list), p.score]),
    );
  }

  /** Whether `list` has been built (an empty list is built too: Redis keeps no empty sets). */
  async isBuilt(list: string): Promise<boolean> {
    return (await this.redis.exists(this.key(`built:${list}`))) === 1;
  }

  /** Whether every one of `lists` has been built (a family whose lists grew needs a rebuild). */
  async allBuilt(lists: readonly string[]): Promise<boolean> {
    if (lists.length === 0) return true;
    return (await this.redis.exists(...lists.map((list) => this.key(`built:${list}`)))) === lists.length;
  }

  async markBuilt(lists: string[]): Promise<void> {
    if (lists.length) await this.redis.mset(lists.flatMap((list) => [this.key(`built:${list}`), '1']));
  }

  /** The lists count as not built: the next reader has them rebuilt from the store. */
  async unmarkBuilt(lists: string[]): Promise<void> {
    if (lists.length) await this.redis.del(...lists.map((list) => this.key(`built:${list}`)));
  }

  /** Runs `rebuild` unless another process holds the lock for `name`; true if it ran. */
  async withRebuildLock(name: string, rebuild: () => Promise<void>): Promise<boolean> {
    const lock = this.key(`rebuilding:${name}`);
    if ((await this.redis.set(lock, '1', 'PX', 120_000, 'NX')) !== 'OK') return false;
    try {
      await rebuild();
      return true;
    } finally {
      await this.redis.del(lock);
    }
  }

  /**
   * A page in ascending order (ties in sort-key order): null when the list is not built.
   * `builtWith` as for `descending`.
   */
  async ascending(
    list: string,
    offset: number,
    count: number,
    builtWith: string = list,
  ): Promise<RankedPage | null> {
    const key = this.key(list);
    const [built, members, total] = await this.pipeline((p) =>
      p
        .exists(this.key(`built:${builtWith}`))
        .zrange(key, offset, offset + count - 1)
        .zcard(key),
    );
    return built ? this.page(list, members as string[], total as number) : null;
  }

  /**
   * Highest scores first, only those up to `maxScore` (a publishing time not yet come stays out).
   * `builtWith` names the list whose marker says this one is complete, when a family of lists is
   * rebuilt together (thousands of per-show lists need no marker each). With `records`, the page
   * comes with what Redis keeps of its ids (`kept`).
   */
  async descending(
    list: string,
    maxScore: number,
    offset: number,
    count: number,
    builtWith: string = list,
    records?: RecordKeys,
  ): Promise<RankedPage | null> {
    const key = this.key(list);
    const max = Number.isFinite(maxScore) ? maxScore : '+inf';
    if (records) {
      const answer = await this.redis.descendingWithRecordsBuffer(
        this.key(`built:${builtWith}`),
        key,
        max,
        offset,
        count,
        records.record,
        records.epoch,
      );
      if (!answer) return null;
      const [total, members, kept, epochs] = answer;
      return {
        ...this.page(
          list,
          members.map((member) => member.toString()),
          total,
        ),
        kept: { records: kept, epochs: epochs.map((epoch) => epoch?.toString() ?? null) },
      };
    }
    const [built, members, total] = await this.pipeline((p) =>
      p
        .exists(this.key(`built:${builtWith}`))
        .zrevrangebyscore(key, max, '-inf', 'LIMIT', offset, count)
        .zcount(key, '-inf', max),
    );
    return built ? this.page(list, members as string[], total as number) : null;
  }

  /**
   * The ids of the `count` highest-scored entries across `lists`, up to `maxScore`, highest first:
   * one round trip, each list giving at most `count`, so the read is bounded by how many lists
   * are asked. Null when `builtWith` is not built.
   */
  async descendingAcross(
    lists: string[],
    maxScore: number,
    count: number,
    builtWith: string,
  ): Promise<string[] | null> {
    const max = Number.isFinite(maxScore) ? maxScore : '+inf';
    const [built, ...pages] = await this.pipeline((p) =>
      lists.reduce(
        (q, list) => q.zrevrangebyscore(this.key(list), max, '-inf', 'WITHSCORES', 'LIMIT', 0, count),
        p.exists(this.key(`built:${builtWith}`)),
      ),
    );
    if (!built) return null;
    // WITHSCORES answers member, score, member, score…
    const entries = (pages as string[][]).flatMap((flat) =>
      flat.flatMap((member, i) => (i % 2 === 0 ? [{ member, score: Number(flat[i + 1]) }] : [])),
    );
    entries.sort((a, b) => b.score - a.score);
    return entries.slice(0, count).map((entry) => idOf(entry.member));
  }

  /** Entries whose sort key starts with `prefix`, in order (a list whose scores all tie). */
  async withPrefix(
    list: string,
    prefix: string,
    offset: number,
    count: number,
    builtWith: string = list,
  ): Promise<RankedPage | null> {
    const key = this.key(list);
    const [min, max] = [`[${prefix}`, `[${prefix}\u{10ffff}`];
    const [built, members, total] = await this.pipeline((p) =>
      p
        .exists(this.key(`built:${builtWith}`))
        .zrangebylex(key, min, max, 'LIMIT', offset, count)
        .zlexcount(key, min, max),
    );
    return built ? this.page(list, members as string[], total as number) : null;
  }

  /** Takes out an entry of `page` a reader found where it does not belong (a crash, a race). */
  async evictId(page: RankedPage, id: string): Promise<void> {
    const member = page.members[page.ids.indexOf(id)];
    if (member !== undefined) await this.redis.zrem(this.key(page.list), member);
  }

  /** How many entries a list holds: null when it is not built. */
  async size(list: string): Promise<number | null> {
    const [built, total] = await this.pipeline((p) =>
      p.exists(this.key(`built:${list}`)).zcard(this.key(list)),
    );
    return built ? (total as number) : null;
  }

  private page(list: string, members: string[], total: number): RankedPage {
    return { list, ids: members.map(idOf), members, total };
  }

  private async pipeline(build: (p: ReturnType<Redis['pipeline']>) => ReturnType<Redis['pipeline']>) {
    const results = (await build(this.redis.pipeline()).exec()) ?? [];
    return results.map(([err, value]) => {
      if (err) throw err;
      return value;
    });
  }
}
