import type { Redis } from 'ioredis';

export interface ShowEntry {
  id: string;
  name: string;
  uId: string;
  ownerId: string;
  hostIds: string[];
}

/** What the inventory forecast reads of a show: its category and whether it carries ads. */
export interface ShowAds {
  category: string;
  /** Its own choice; null follows the network's default. */
  insertAds: boolean | null;
}

export interface EpisodeEntry {
  id: string;
  showId: string;
  title: string;
  publishedAt: string | null;
}

/**
 * What analytics knows of shows and episodes, kept from catalog's events in Redis: names for the
 * screens, and who may read a show's figures (its owner and confirmed hosts). Every read is keyed.
 * `show:<id>` (hash) and `show:<id>:hosts` (set); `episode:<id>` (hash) and `show:<id>:episodes`
 * (set of ids, what a show's table lists); `category:<c>` (set of show ids, what the inventory
 * forecast of a category adds up).
 */
export class ShowDirectory {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async putShow(show: Omit<ShowEntry, 'hostIds'> & Partial<ShowAds>): Promise<void> {
    const key = `${this.prefix}:show:${show.id}`;
    const before = show.category ? await this.redis.hget(key, 'category') : null;
    const write = this.redis.multi().hset(key, {
      name: show.name,
      uId: show.uId,
      ownerId: show.ownerId,
      ...(show.category ? { category: show.category } : {}),
      ...(show.insertAds !== undefined ? { insertAds: String(show.insertAds) } : {}),
    });
    if (before && before !== show.category) write.srem(`${this.prefix}:category:${before}`, show.id);
    if (show.category) write.sadd(`${this.prefix}:category:${show.category}`, show.id);
    await write.exec();
  }

  /** A show's category and choice about ads; null for a show the directory does not know. */
  async ads(id: string): Promise<ShowAds | null> {
    const [category, insertAds] = await this.redis.hmget(
      `${this.prefix}:show:${id}`,
      'category',
      'insertAds',
    );
    if (!category) return null;
    return { category, insertAds: insertAds === 'true' ? true : insertAds === 'false' ? false : null };
  }

  /** The shows of a category, with their choice about ads (a category holds hundreds at most). */
  async inCategory(category: string): Promise<(ShowAds & { id: string })[]> {
    const ids = await this.redis.smembers(`${this.prefix}:category:${category}`);
    const pipeline = this.redis.pipeline();
    for (const id of ids) pipeline.hget(`${this.prefix}:show:${id}`, 'insertAds');
    const results = (await pipeline.exec()) ?? [];
    return ids.map((id, index) => {
      const insertAds = results[index]?.[1];
      return { id, category, insertAds: insertAds === 'true' ? true : insertAds === 'false' ? false : null };
    });
  }

  async setHost(showId: string, userId: string, hosting: boolean): Promise<void> {
    const key = `${this.prefix}:show:${showId}:hosts`;
    if (hosting) await this.redis.sadd(key, userId);
    else await this.redis.srem(key, userId);
  }

  async dropShow(showId: string, episodeIds: string[]): Promise<void> {
    const category = await this.redis.hget(`${this.prefix}:show:${showId}`, 'category');
    if (category) await this.redis.srem(`${this.prefix}:category:${category}`, showId);
    await this.redis.del(
      `${this.prefix}:show:${showId}`,
      `${this.prefix}:show:${showId}:hosts`,
      `${this.prefix}:show:${showId}:episodes`,
      ...episodeIds.map((id) => `${this.prefix}:episode:${id}`),
    );
  }

  async putEpisode(episode: EpisodeEntry): Promise<void> {
    await this.redis
      .multi()
      .hset(`${this.prefix}:episode:${episode.id}`, {
        showId: episode.showId,
        title: episode.title,
        publishedAt: episode.publishedAt ?? '',
      })
      .sadd(`${this.prefix}:show:${episode.showId}:episodes`, episode.id)
      .exec();
  }

  async dropEpisode(episodeId: string, showId: string): Promise<void> {
    await this.redis
      .multi()
      .del(`${this.prefix}:episode:${episodeId}`)
      .srem(`${this.prefix}:show:${showId}:episodes`, episodeId)
      .exec();
  }

  async show(id: string): Promise<ShowEntry | null> {
    const [[, hash], [, hosts]] = (await this.redis
      .multi()
      .hgetall(`${this.prefix}:show:${id}`)
      .smembers(`${this.prefix}:show:${id}:hosts`)
      .exec()) as [[null, Record<string, string | undefined>], [null, string[]]];
    if (!hash.ownerId) return null;
    return { id, name: hash.name ?? '', uId: hash.uId ?? '', ownerId: hash.ownerId, hostIds: hosts };
  }

  async episode(id: string): Promise<EpisodeEntry | null> {
    const hash: Record<string, string | undefined> = await this.redis.hgetall(`${this.prefix}:episode:${id}`);
    if (!hash.showId) return null;
    return { id, showId: hash.showId, title: hash.title ?? '', publishedAt: hash.publishedAt || null };
  }

  /** The episodes of a show, by id (a show's episodes: hundreds at most). */
  async episodesOf(showId: string): Promise<EpisodeEntry[]> {
    const ids = await this.redis.smembers(`${this.prefix}:show:${showId}:episodes`);
    return this.episodes(ids);
  }

  async episodes(ids: string[]): Promise<EpisodeEntry[]> {
    if (ids.length === 0) return [];
    const pipeline = this.redis.pipeline();
    for (const id of ids) pipeline.hgetall(`${this.prefix}:episode:${id}`);
    const results = (await pipeline.exec()) ?? [];
    return ids.flatMap((id, index) => {
      const hash = (results[index]?.[1] ?? {}) as Record<string, string | undefined>;
      return hash.showId
        ? [{ id, showId: hash.showId, title: hash.title ?? '', publishedAt: hash.publishedAt || null }]
        : [];
    });
  }

  async names(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const pipeline = this.redis.pipeline();
    for (const id of ids) pipeline.hget(`${this.prefix}:show:${id}`, 'name');
    const results = (await pipeline.exec()) ?? [];
    return new Map(ids.map((id, index) => [id, String(results[index]?.[1] ?? 'Deleted show')]));
  }
}
