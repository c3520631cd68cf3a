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

type PlacingRedis = Redis & {
  placeEntry(hash: string, id: string, member: string, ...placements: (string | number)[]): Promise<number>;
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
   * rebuilt together (thousands of per-show lists need no marker each).
   */
  async descending(
    list: string,
    maxScore: number,
    offset: number,
    count: number,
    builtWith: string = list,
  ): Promise<RankedPage | null> {
    const key = this.key(list);
    const max = Number.isFinite(maxScore) ? maxScore : '+inf';
    const [built, members, total] = await this.pipeline((p) =>
      p
        .exists(this.key(`built:${builtWith}`))
        .zrevrangebyscore(key, max, '-inf', 'LIMIT', offset, count)
        .zcount(key, '-inf', max),
    );
    return built ? this.page(list, members as string[], total as number) : null;
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
