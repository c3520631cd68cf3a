import {
  AppError,
  conflict,
  forbidden,
  isAdmin,
  pendingEvent,
  sanitizeRichText,
  type AuthUser,
} from '@podz/kit';
import { episodeCreated, NO_PREMIUM, podcastCreated, type Category } from '@podz/proto';
import { FeedImportError, parseImportedFeed } from '../../rss/import-feed';
import type { CatalogDeps } from '../catalog-deps';
import { FeedFetchError, fetchFeed } from '../../rss/fetch-feed';
import { removePodcast } from '../shows/delete-podcast';
import { DEFAULT_LOGO, feedGuidFor, uniqueUId } from '../shows/podcast-rules';
import { placePodcast } from '../shows/place-podcast';
import { syncShowEpisodes } from '../episodes/sync-episode';
import { podcastView } from '../views';

const unprocessable = (message: string) =>
  new AppError('VALIDATION_FAILED', message, [{ path: 'body.url', message }]);

/**
 * `POST /api/podcasts/rss-link`: an owner brings an existing show. The whole feed is fetched and
 * parsed before anything is written, so a bad feed leaves nothing behind; the audio stays where
 * the feed hosts it.
 */
export async function importFromFeed(
  deps: Pick<
    CatalogDeps,
    'config' | 'episodes' | 'follows' | 'lists' | 'logger' | 'podcasts' | 'responses' | 'users'
  >,
  user: AuthUser,
  body: { url: string; category?: Category },
) {
  if (!user.access.includes('owner') && !isAdmin(user)) {
    throw forbidden('Only podcasters can import shows; ask for owner access first');
  }
  let show;
  try {
    const xml = await fetchFeed(body.url, {
      allowPrivate: deps.config.FEED_IMPORT_ALLOW_PRIVATE,
      timeoutMs: deps.config.FEED_IMPORT_TIMEOUT_MS,
      maxBytes: deps.config.FEED_IMPORT_MAX_BYTES,
    });
    show = parseImportedFeed(xml);
  } catch (err) {
    if (err instanceof FeedFetchError || err instanceof FeedImportError) throw unprocessable(err.message);
    throw err;
  }
  if (await deps.podcasts.nameTaken(show.name)) throw conflict(`A show named “${show.name}” already exists`);
  const owner = await deps.users.caller(user);
  const uId = await uniqueUId(deps, show.name);
  const category = (body.category ?? show.category ?? 'Leisure') as Category;
  const podcast = await deps.podcasts.create(
    {
      uId,
      name: show.name,
      nameKey: show.name.trim().toLowerCase(),
      description: sanitizeRichText(show.description),
      logoPath: show.imageUrl ?? DEFAULT_LOGO,
      category,
      language: show.language,
      explicit: show.explicit,
      status: 'published',
      featured: false,
      owner,
      hosts: [],
      crew: [],
      sourceFeedUrl: body.url,
      feedGuid: show.guid ?? feedGuidFor(deps, uId),
      levelAudio: true,
      insertAds: null,
    } as never,
    (id) => [
      pendingEvent(podcastCreated, id, {
        podcastId: id,
        uId,
        name: show.name,
        ownerId: owner.id,
        category,
        status: 'published',
        logoPath: show.imageUrl ?? DEFAULT_LOGO,
        premium: NO_PREMIUM,
        teamIds: [owner.id],
        levelAudio: true,
        insertAds: null,
      }),
    ],
  );
  const podcastId = podcast.id;
  const rows = show.episodes.map((episode) => ({
    podcast: podcastId,
    title: episode.title,
    description: sanitizeRichText(episode.description),
    audio: {
      url: episode.audioUrl,
      type: episode.audioType,
      bytes: episode.audioBytes,
      durationSeconds: episode.durationSeconds,
    },
    image: episode.imageUrl ?? null,
    season: episode.season ?? null,
    episode: episode.episode ?? null,
    publishedAt: episode.publishedAt,
    status: 'published',
    explicit: episode.explicit,
    guests: [],
    categories: [],
    showPublished: true,
    sourceGuid: episode.guid,
  }));
  try {
    const episodesImported = await deps.episodes.createMany(rows as never, (id, row) => [
      pendingEvent(episodeCreated, id, {
        episodeId: id,
        podcastId,
        title: row.title,
        status: 'published',
        publishedAt: new Date(row.publishedAt).toISOString(),
        audioUrl: row.audio.url,
        imagePath: row.image,
        premium: null,
      }),
    ]);
    await placePodcast(deps, podcast);
    await syncShowEpisodes(deps, podcastId);
    return { podcast: podcastView(podcast), episodesImported };
  } catch (err) {
    // No transactions on either store: undo the show rather than leave it half imported.
    await removePodcast(deps, podcast);
    throw err;
  }
}
