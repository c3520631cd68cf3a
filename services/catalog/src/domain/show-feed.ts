import { notFound } from '@podz/kit';
import { CREW_ROLES, type CrewRole } from '@podz/proto';
import type { EpisodeRecord } from '../data/catalog-models';
import type { FeedEpisode, FeedPerson, FeedShow, FeedTranscript } from '../rss/feed-types';
import { renderFeed } from '../rss/render-feed';
import type { CatalogDeps } from './catalog-deps';
import { showEpisodePage } from './show-episode-page';
import { transcriptUrls } from '../transcripts/transcript-files';
import { chaptersPath, feedPath } from './views';

/** The newest episodes a feed carries; podcast apps page through the rest on their side. */
export const FEED_EPISODES_MAX = 300;

export interface RenderedFeed {
  xml: string;
  lastModified: Date;
}

/** `/shows/{uId}/feed.xml`: the RSS feed of a published show, with absolute URLs for podcast apps. */
export async function showFeed(deps: CatalogDeps, uId: string): Promise<RenderedFeed> {
  const podcast = await deps.podcasts.findByName(uId);
  if (!podcast || podcast.status !== 'published') throw notFound('Feed');
  const id = podcast._id.toHexString();
  const { items: episodes } = await showEpisodePage(deps, id, {
    all: false,
    upTo: new Date(),
    page: 1,
    limit: FEED_EPISODES_MAX,
  });
  const origin = deps.config.PUBLIC_ORIGIN.replace(/\/$/, '');
  const absolute = (url: string) => (url.startsWith('/') ? `${origin}${url}` : url);
  const person = (
    user: { username?: string | null; profilePicture?: string | null; id: string },
    role: string,
    group: string,
  ): FeedPerson => ({
    name: user.username ?? '',
    role,
    group,
    ...(user.profilePicture ? { img: absolute(user.profilePicture) } : {}),
    href: `${origin}/people`,
  });
  const lastModified = new Date(
    Math.max(
      podcast.updatedAt.getTime(),
      ...episodes.map((episode) => (episode.updatedAt as Date).getTime()),
    ),
  );
  const show: FeedShow = {
    id,
    uId: podcast.uId,
    name: podcast.name,
    description: podcast.description ?? '',
    imageUrl: absolute(podcast.logoPath),
    category: podcast.category,
    language: podcast.language ?? 'en',
    explicit: Boolean(podcast.explicit),
    ownerName: podcast.owner.username ?? '',
    locked: true,
    persons: [
      ...podcast.hosts.filter((host) => host.confirmed).map((host) => person(host.user, 'host', 'cast')),
      ...podcast.crew.map((credit) =>
        person(credit.user, credit.role, CREW_ROLES[credit.role as CrewRole] ?? 'misc.'),
      ),
    ],
    updatedAt: lastModified,
  };
  const items: FeedEpisode[] = episodes.map((episode: EpisodeRecord) => ({
    id: episode._id.toHexString(),
    title: episode.title,
    description: episode.description ?? '',
    audioUrl: absolute(episode.audio.url),
    audioType: episode.audio.type,
    audioBytes: episode.audio.bytes ?? 0,
    durationSeconds: episode.audio.durationSeconds ?? 0,
    ...(episode.image ? { imageUrl: absolute(episode.image) } : {}),
    ...(episode.season != null ? { season: episode.season } : {}),
    ...(episode.episode != null ? { episode: episode.episode } : {}),
    publishedAt: episode.publishedAt,
    explicit: Boolean(episode.explicit),
    persons: episode.guests.map((guest) => person(guest, 'guest', 'cast')),
    ...(episode.transcript ? { transcripts: transcriptFiles(episode.transcript, absolute) } : {}),
    ...(episode.chapters?.length ? { chaptersUrl: absolute(chaptersPath(episode._id.toHexString())) } : {}),
  }));
  const xml = renderFeed(show, items, {
    siteUrl: `${origin}/shows/${podcast.uId}`,
    feedUrl: `${origin}${feedPath(podcast.uId)}`,
  });
  return { xml, lastModified };
}

function transcriptFiles(
  transcript: { key: string; language: string },
  absolute: (url: string) => string,
): FeedTranscript[] {
  const { url, jsonUrl } = transcriptUrls(transcript.key);
  return [
    { url: absolute(url), type: 'text/vtt', language: transcript.language, rel: 'captions' },
    { url: absolute(jsonUrl), type: 'application/json', language: transcript.language },
  ];
}
