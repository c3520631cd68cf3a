import { notFound, pageFromList, type AuthUser } from '@podz/kit';
import { paginated } from '@podz/proto';
import { episodeRules } from '../data/catalog-lists';
import type { EpisodeRecord } from '../data/catalog-models';
import { EpisodeRepository, type EpisodeFilter } from '../data/episode-repository';
import type { CatalogDeps } from './catalog-deps';
import { ensureLists, syncEpisode } from './listings';
import { canManage, canSeeUnpublished } from './podcast-rules';
import { episodeView, showSummary, type ShowSummary } from './views';

interface PageQuery {
  page: number;
  limit: number;
}

/** Episodes with their shows' summaries, in one extra query for the whole page. */
async function withShows(deps: CatalogDeps, episodes: EpisodeRecord[]) {
  const shows = await deps.podcasts.findByIds([...new Set(episodes.map((episode) => episode.podcast))]);
  const byId = new Map<string, ShowSummary>(shows.map((show) => [show._id.toHexString(), showSummary(show)]));
  return episodes.flatMap((episode) => {
    const show = byId.get(episode.podcast);
    return show ? [episodeView(episode, show)] : [];
  });
}

async function pageOf(deps: CatalogDeps, filter: EpisodeFilter, query: PageQuery) {
  const { items, total } = await deps.episodes.page(filter, query.page, query.limit);
  return paginated(await withShows(deps, items), total, query.page, query.limit);
}

/** An episode the caller may see: a public one, or any of a show they own, host or administer. */
async function visibleEpisode(deps: CatalogDeps, user: AuthUser | undefined, id: string) {
  const episode = await deps.episodes.findById(id);
  const podcast = episode ? await deps.podcasts.findById(episode.podcast) : null;
  if (!episode || !podcast) throw notFound('Episode');
  const isPublic =
    episode.status === 'published' && episode.publishedAt <= new Date() && podcast.status === 'published';
  if (!isPublic && !canSeeUnpublished(user, podcast)) throw notFound('Episode');
  return { episode, podcast };
}

const offsetOf = (query: PageQuery) => (query.page - 1) * query.limit;

/**
 * A page of one show's episodes, newest first, from its list: the public ones published up to
 * `upTo`, or all of them (drafts too) for its managers. The store answers while the lists are
 * rebuilt.
 */
export async function showEpisodePage(
  deps: CatalogDeps,
  podcastId: string,
  { all, upTo, ...page }: PageQuery & { all: boolean; upTo: Date },
): Promise<{ items: EpisodeRecord[]; total: number }> {
  const listed = await pageFromList(
    deps,
    () => deps.lists.showEpisodes(podcastId, all, offsetOf(page), page.limit, upTo),
    (ids) => deps.episodes.findByIds(ids),
    (episode) =>
      episode.podcast === podcastId &&
      (all || (episode.status === 'published' && episode.publishedAt <= upTo)),
    (id) => syncEpisode(deps, id),
  );
  if (listed) return listed;
  deps.background.once('catalog lists', () => ensureLists(deps));
  const filter = all
    ? { podcast: podcastId }
    : { status: 'published', publishedAt: { $lte: upTo }, podcast: podcastId };
  return deps.episodes.page(filter, page.page, page.limit);
}

/** `GET /api/episodes`: the latest published episodes across the network, from the maintained list. */
export async function latestEpisodes(deps: CatalogDeps, query: PageQuery) {
  const now = new Date();
  const listed = await pageFromList(
    deps,
    () => deps.lists.latestEpisodes(offsetOf(query), query.limit, now),
    (ids) => deps.episodes.findByIds(ids),
    (episode) => episodeRules.visible(episode, now),
    (id) => syncEpisode(deps, id),
  );
  if (!listed) {
    deps.background.once('catalog lists', () => ensureLists(deps));
    return pageOf(deps, EpisodeRepository.visible(now), query);
  }
  return paginated(await withShows(deps, listed.items), listed.total, query.page, query.limit);
}

export async function getEpisode(deps: CatalogDeps, user: AuthUser | undefined, id: string) {
  const { episode, podcast } = await visibleEpisode(deps, user, id);
  return episodeView(episode, showSummary(podcast));
}

/** `GET /api/episodes/{id}/prevEpisodes?limit`: the same show's public episodes before this one. */
export async function previousEpisodes(
  deps: CatalogDeps,
  user: AuthUser | undefined,
  id: string,
  limit: number,
) {
  const { episode, podcast } = await visibleEpisode(deps, user, id);
  const upTo = new Date(Math.min(Date.now(), episode.publishedAt.getTime()));
  // One more than asked: the episode itself is on the page when nothing else ties with it.
  const { items } = await showEpisodePage(deps, episode.podcast, {
    all: false,
    upTo,
    page: 1,
    limit: limit + 1,
  });
  return items
    .filter((record) => !record._id.equals(episode._id))
    .slice(0, limit)
    .map((record) => episodeView(record, showSummary(podcast)));
}

/** `GET /api/episodes/{id}/guests`. */
export async function episodeGuests(deps: CatalogDeps, user: AuthUser | undefined, id: string) {
  const { episode } = await visibleEpisode(deps, user, id);
  return episode.guests.map((guest) => ({
    id: guest.id,
    username: guest.username ?? '',
    profilePicture: guest.profilePicture ?? '',
  }));
}

/** `GET /api/episodes/public/guest-podcasts?userId`: a user's public guest appearances. */
export const guestAppearances = (deps: CatalogDeps, query: PageQuery & { userId: string }) =>
  pageOf(deps, { ...EpisodeRepository.visible(), guestIds: query.userId }, query);

/** `GET /api/episodes/podcast-episodes?podcastId`: a show's episodes; all of them for its managers. */
export async function podcastEpisodes(
  deps: CatalogDeps,
  user: AuthUser | undefined,
  query: PageQuery & { podcastId: string },
) {
  const pageOf = (all: boolean) =>
    showEpisodePage(deps, query.podcastId, { all, upTo: new Date(), page: query.page, limit: query.limit });
  // A visitor can only see the public page: it is read beside the show (used once the show allows).
  const [podcast, publicPage] = await Promise.all([
    deps.podcasts.findById(query.podcastId),
    user ? undefined : pageOf(false),
  ]);
  if (!podcast || (podcast.status !== 'published' && !canSeeUnpublished(user, podcast)))
    throw notFound('Podcast');
  const { items, total } = publicPage ?? (await pageOf(canManage(user, podcast)));
  const show = showSummary(podcast);
  return paginated(
    items.map((episode) => episodeView(episode, show)),
    total,
    query.page,
    query.limit,
  );
}
