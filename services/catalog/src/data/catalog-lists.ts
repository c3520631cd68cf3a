import type { Placement, RankedLists, RankedPage, RecordKeys } from '@podz/kit';
import { EPISODE_CATEGORIES, PODCAST_STATUSES } from '@podz/proto';
import type { EpisodeRecord, PodcastRecord } from './catalog-models';

/**
 * The catalog's public lists, kept in Redis beside the store (kit's RankedLists): the network's
 * latest episodes, each show's episodes, and the shows by name, by category and featured. Each rule
 * below says which lists a document belongs in; the same rule checks every document a page loads.
 */
export const LIST = {
  latestEpisodes: 'episodes:latest',
  /** A show's public episodes (published; the time may not have come yet), by publishing time. */
  showEpisodes: (podcastId: string) => `episodes:show:${podcastId}`,
  /** Every episode of a show, drafts included: what its owner and admins page through. */
  allShowEpisodes: (podcastId: string) => `episodes:show-all:${podcastId}`,
  showsByName: 'podcasts:published',
  showsInCategory: (category: string) => `podcasts:category:${category}`,
  featuredShows: 'podcasts:featured',
  /** Featured shows of a category, most recently changed first. */
  featuredInCategory: (category: string) => `podcasts:featured:category:${category}`,
  /** Featured shows by name (a name search among them), in a category or not. */
  featuredByName: (category?: string) => `podcasts:featured:by-name:${category ?? 'any'}`,
  /** Published shows that are not featured, by name, in a category or not. */
  unfeaturedByName: (category?: string) => `podcasts:unfeatured:${category ?? 'any'}`,
  /** Every show in any status, newest first, or those of one status: the admins' console. */
  managedShows: (status?: string) => `podcasts:managed:${status ?? 'any'}`,
  /** The same within one category. */
  managedInCategory: (status: string | undefined, category: string) =>
    `podcasts:managed:${status ?? 'any'}:category:${category}`,
  /** Every show by name (a name search in the console), by status and category or not. */
  managedByName: (status: string | undefined, category: string | undefined) =>
    `podcasts:managed-by-name:${status ?? 'any'}:${category ?? 'any'}`,
  /** One owner's shows in any status, newest first. */
  ownerShows: (ownerId: string) => `podcasts:owner:${ownerId}`,
  /** The marker of the filtered console lists above: too many to mark one by one. */
  managedFiltered: 'podcasts:managed-filtered',
} as const;

/**
 * The markers a full rebuild of a family sets. It places every episode in every list it belongs
 * in, so the per-show lists count as built when `episodes:latest` is: a list is lost only with
 * Redis's data, and then the family is rebuilt whole.
 */
export const FAMILY_LISTS = {
  episodes: [LIST.latestEpisodes],
  podcasts: [
    LIST.showsByName,
    LIST.featuredShows,
    LIST.featuredByName(),
    LIST.unfeaturedByName(),
    LIST.managedShows(),
    ...PODCAST_STATUSES.map(LIST.managedShows),
    LIST.managedFiltered,
    ...EPISODE_CATEGORIES.flatMap((category) => [
      LIST.showsInCategory(category),
      LIST.featuredInCategory(category),
      LIST.featuredByName(category),
      LIST.unfeaturedByName(category),
    ]),
  ],
};

const live = (record: { deletedAt?: Date | null }) => !record.deletedAt;

export const episodeRules = {
  inShowList: (e: EpisodeRecord) => live(e) && e.status === 'published',
  inLatest: (e: EpisodeRecord) => live(e) && e.status === 'published' && Boolean(e.showPublished),
  /** What the public may see now: in the list, and its time has come. */
  visible: (e: EpisodeRecord, now: Date) => episodeRules.inLatest(e) && e.publishedAt <= now,
};

export const podcastRules = {
  published: (p: PodcastRecord) => live(p) && p.status === 'published',
  featured: (p: PodcastRecord) => podcastRules.published(p) && Boolean(p.featured),
};

export function episodePlacements(episode: EpisodeRecord): Placement[] {
  if (!live(episode)) return [];
  const podcastId = episode.podcast;
  const score = new Date(episode.publishedAt).getTime();
  const placements: Placement[] = [{ list: LIST.allShowEpisodes(podcastId), score }];
  if (episodeRules.inShowList(episode)) placements.push({ list: LIST.showEpisodes(podcastId), score });
  if (episodeRules.inLatest(episode)) placements.push({ list: LIST.latestEpisodes, score });
  return placements;
}

export function podcastPlacements(podcast: PodcastRecord): Placement[] {
  if (!live(podcast)) return [];
  const created = new Date(podcast.createdAt).getTime();
  const placements: Placement[] = [
    { list: LIST.managedShows(), score: created },
    { list: LIST.managedShows(podcast.status), score: created },
    { list: LIST.managedInCategory(undefined, podcast.category), score: created },
    { list: LIST.managedInCategory(podcast.status, podcast.category), score: created },
    { list: LIST.ownerShows(podcast.ownerId ?? podcast.owner.id), score: created },
    ...[undefined, podcast.status].flatMap((status) =>
      [undefined, podcast.category].map((category) => ({
        list: LIST.managedByName(status, category),
        score: 0,
      })),
    ),
  ];
  if (!podcastRules.published(podcast)) return placements;
  const category = podcast.category;
  placements.push({ list: LIST.showsByName, score: 0 }, { list: LIST.showsInCategory(category), score: 0 });
  if (podcastRules.featured(podcast)) {
    const updated = new Date(podcast.updatedAt).getTime();
    placements.push(
      { list: LIST.featuredShows, score: updated },
      { list: LIST.featuredInCategory(category), score: updated },
      { list: LIST.featuredByName(), score: 0 },
      { list: LIST.featuredByName(category), score: 0 },
    );
  } else {
    placements.push(
      { list: LIST.unfeaturedByName(), score: 0 },
      { list: LIST.unfeaturedByName(category), score: 0 },
    );
  }
  return placements;
}

/** What the admins' console filters shows by; an owner's shows are not filtered further. */
export interface ManagedFilter {
  status?: string;
  category?: string;
  search?: string;
  ownerId?: string;
}

export class CatalogLists {
  constructor(
    private readonly lists: RankedLists,
    /** Where the episodes' records are kept: a page of episodes is read with them, one round trip. */
    private readonly episodeRecords?: RecordKeys,
  ) {}

  placeEpisode(episode: EpisodeRecord): Promise<void> {
    return this.lists.place('episodes', episode.id, '', episodePlacements(episode));
  }

  /** Out of every list: the episode is gone from the store. */
  dropEpisode(id: string): Promise<void> {
    return this.lists.place('episodes', id, '', []);
  }

  placePodcast(podcast: PodcastRecord): Promise<void> {
    return this.lists.place('podcasts', podcast.id, podcast.nameKey, podcastPlacements(podcast));
  }

  dropPodcast(id: string): Promise<void> {
    return this.lists.place('podcasts', id, '', []);
  }

  latestEpisodes(offset: number, count: number, now: Date): Promise<RankedPage | null> {
    return this.lists.descending(
      LIST.latestEpisodes,
      now.getTime(),
      offset,
      count,
      LIST.latestEpisodes,
      this.episodeRecords,
    );
  }

  showEpisodes(podcastId: string, all: boolean, offset: number, count: number, now: Date) {
    const [list, maxScore] = all
      ? [LIST.allShowEpisodes(podcastId), Infinity]
      : [LIST.showEpisodes(podcastId), now.getTime()];
    return this.lists.descending(list, maxScore, offset, count, LIST.latestEpisodes, this.episodeRecords);
  }

  /** The ids of the newest public episodes across these shows, newest first: null while unbuilt. */
  newestOfShows(podcastIds: string[], count: number, now: Date): Promise<string[] | null> {
    return this.lists.descendingAcross(
      podcastIds.map((id) => LIST.showEpisodes(id)),
      now.getTime(),
      count,
      LIST.latestEpisodes,
    );
  }

  /** Published shows by name, in a category or not, whose names start with `prefix` if given. */
  showsByName(category: string | undefined, prefix: string | undefined, offset: number, count: number) {
    const list = category ? LIST.showsInCategory(category) : LIST.showsByName;
    return prefix
      ? this.lists.withPrefix(list, prefix, offset, count)
      : this.lists.ascending(list, offset, count);
  }

  /** Featured shows, most recently changed first, in a category or not. */
  featuredShows(category: string | undefined, offset: number, count: number) {
    const list = category ? LIST.featuredInCategory(category) : LIST.featuredShows;
    return this.lists.descending(list, Infinity, offset, count);
  }

  /** Published shows featured or not, by name, whose names start with `prefix` if given. */
  showsByFeature(
    featured: boolean,
    category: string | undefined,
    prefix: string | undefined,
    offset: number,
    count: number,
  ) {
    const list = featured ? LIST.featuredByName(category) : LIST.unfeaturedByName(category);
    return prefix
      ? this.lists.withPrefix(list, prefix, offset, count)
      : this.lists.ascending(list, offset, count);
  }

  /**
   * The admins' console: every show in any status (or one status, or one category), newest first;
   * by name when searching; or one owner's shows.
   */
  managedShows(filter: ManagedFilter, offset: number, count: number) {
    const marker = LIST.managedFiltered;
    if (filter.ownerId) {
      return this.lists.descending(LIST.ownerShows(filter.ownerId), Infinity, offset, count, marker);
    }
    if (filter.search) {
      const list = LIST.managedByName(filter.status, filter.category);
      return this.lists.withPrefix(list, filter.search.toLowerCase(), offset, count, marker);
    }
    if (filter.category) {
      const list = LIST.managedInCategory(filter.status, filter.category);
      return this.lists.descending(list, Infinity, offset, count, marker);
    }
    return this.lists.descending(LIST.managedShows(filter.status), Infinity, offset, count);
  }

  /** An entry a reader found where the store says it does not belong. */
  evictId(page: RankedPage, id: string): Promise<void> {
    return this.lists.evictId(page, id);
  }

  isBuilt(lists: readonly string[]): Promise<boolean> {
    return this.lists.allBuilt(lists);
  }

  markBuilt(lists: string[]): Promise<void> {
    return this.lists.markBuilt(lists);
  }

  withRebuildLock(name: string, rebuild: () => Promise<void>): Promise<boolean> {
    return this.lists.withRebuildLock(name, rebuild);
  }
}
