import { notFound } from '@podz/kit';
import { CREW_ROLES, type CrewRole, type Soundbite } from '@podz/proto';
import type { EpisodeRecord, PodcastRecord } from '../../data/catalog-models';
import type { FeedEpisode, FeedPerson, FeedShow, FeedTranscript } from '../../rss/feed-types';
import { podcastGuid } from '../../rss/podcast-guid';
import { renderFeed } from '../../rss/render-feed';
import { transcriptUrls } from '../../transcripts/transcript-files';
import type { CatalogDeps } from '../catalog-deps';
import { isPremiumNow, premiumWindow } from '@podz/proto';
import { showPremium } from './premium-rules';
import { showEpisodePage } from '../episodes/show-episode-page';
import { chaptersPath, feedPath, feedSettings } from '../views';

/** The newest episodes a feed carries; podcast apps page through the rest on their side. */
export const FEED_EPISODES_MAX = 300;

export interface RenderedFeed {
  xml: string;
  lastModified: Date;
  /** Where the show's feed now lives, when its owner moved it away (a `301`). */
  movedTo?: string;
}

type Person = { username?: string | null; profilePicture?: string | null; id: string };

/**
 * `/shows/{uId}/feed.xml`: the RSS feed of a published show, with absolute URLs for podcast apps
 * and the Podcasting 2.0 tags its owner set (docs/api.md, Feeds). Premium episodes are not in it.
 */
export async function showFeed(
  deps: Pick<
    CatalogDeps,
    'background' | 'config' | 'episodes' | 'lists' | 'logger' | 'podcasts' | 'responses'
  >,
  uId: string,
): Promise<RenderedFeed> {
  const podcast = await deps.podcasts.findByName(uId);
  if (!podcast || podcast.status !== 'published') throw notFound('Feed');
  return feedOf(deps, podcast, false);
}

/** What a member's feed holds in place of their token and their signed audio key. */
export const FEED_TOKEN_MARK = 'podz-private-feed-token';
export const AUDIO_KEY_MARK = 'podz-private-audio-key';

/**
 * The members' feed of a show, once for all its members: the public and the premium episodes,
 * blocked from directories and locked, with marks where each member's token and audio key go
 * (`privateFeed` puts them in).
 */
export function membersFeedTemplate(
  deps: Pick<
    CatalogDeps,
    'background' | 'config' | 'episodes' | 'lists' | 'logger' | 'podcasts' | 'responses'
  >,
  podcast: PodcastRecord,
): Promise<RenderedFeed> {
  return feedOf(deps, podcast, true);
}

async function feedOf(
  deps: Pick<
    CatalogDeps,
    'background' | 'config' | 'episodes' | 'lists' | 'logger' | 'podcasts' | 'responses'
  >,
  podcast: PodcastRecord,
  members: boolean,
): Promise<RenderedFeed> {
  const id = podcast.id;
  const now = Date.now();
  const { items: listed } = await showEpisodePage(deps, id, {
    all: false,
    upTo: new Date(now),
    page: 1,
    limit: FEED_EPISODES_MAX,
  });
  const premium = showPremium(podcast);
  const premiumNow = (episode: EpisodeRecord) => isPremiumNow(premiumWindow(premium, episode.premium), now);
  const episodes = members ? listed : listed.filter((episode) => !premiumNow(episode));
  const origin = deps.config.PUBLIC_ORIGIN.replace(/\/$/, '');
  const absolute = (url: string) => (url.startsWith('/') ? `${origin}${url}` : url);
  // A member's feed signs every link with their key: premium audio opens to it, and a paying
  // member hears every episode and its chapters without inserted ads (media reads the key).
  const signed = (url: string) => (members ? `${absolute(url)}?k=${AUDIO_KEY_MARK}` : absolute(url));
  const person = (user: Person, role: string, group: string): FeedPerson => ({
    name: user.username ?? '',
    role,
    group,
    ...(user.profilePicture ? { img: absolute(user.profilePicture) } : {}),
    href: `${origin}/people/${encodeURIComponent(user.username ?? '')}`,
  });
  const settings = feedSettings(podcast.feed, undefined);
  // An early-access episode that turned public changes the feed at its publicAt, not at a write.
  const lastModified = new Date(
    Math.max(
      podcast.updatedAt.getTime(),
      ...episodes.map((episode) => (episode.updatedAt as Date).getTime()),
      ...episodes.map((episode) => {
        const publicAt = episode.premium?.publicAt ? new Date(episode.premium.publicAt).getTime() : 0;
        return publicAt <= now ? publicAt : 0;
      }),
    ),
  );
  const feedUrl = members
    ? `${origin}/feeds/${FEED_TOKEN_MARK}/feed.xml`
    : `${origin}${feedPath(podcast.uId)}`;
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
    ...(settings.ownerEmail ? { ownerEmail: settings.ownerEmail } : {}),
    // A member's feed is theirs: no directory lists it, no service may import it.
    locked: members || settings.locked,
    block: members,
    persons: [
      ...podcast.hosts.filter((host) => host.confirmed).map((host) => person(host.user, 'host', 'cast')),
      ...podcast.crew.map((credit) =>
        person(credit.user, credit.role, CREW_ROLES[credit.role as CrewRole] ?? 'misc.'),
      ),
    ],
    updatedAt: lastModified,
    guid: podcast.feedGuid ?? podcastGuid(`${origin}${feedPath(podcast.uId)}`),
    medium: settings.medium,
    // Listeners support the network where the owner names no other place.
    funding: settings.funding.length
      ? settings.funding
      : [{ url: `${origin}/pricing`, title: 'Support this show with a PODZ membership' }],
    ...(settings.license ? { license: settings.license } : {}),
    ...(settings.location ? { location: settings.location } : {}),
    txt: settings.txt,
    podroll: await podrollOf(deps, settings.podroll, origin),
    ...(settings.updateFrequency ? { updateFrequency: settings.updateFrequency } : {}),
    trailers: episodes
      .filter((episode) => episode.episodeType === 'trailer')
      .map((episode) => ({
        title: episode.title,
        url: signed(episode.audio.url),
        type: episode.audio.type,
        length: episode.audio.bytes ?? 0,
        pubDate: episode.publishedAt,
        ...(episode.season != null ? { season: episode.season } : {}),
      })),
    ...(settings.newFeedUrl && !members ? { newFeedUrl: settings.newFeedUrl } : {}),
  };
  const items = episodes.map((episode) =>
    feedEpisode(episode, {
      absolute,
      signed,
      person,
      seasonNames: settings.seasonNames,
    }),
  );
  const xml = renderFeed(show, items, { siteUrl: `${origin}/shows/${podcast.uId}`, feedUrl });
  return { xml, lastModified, ...(settings.newFeedUrl && !members ? { movedTo: settings.newFeedUrl } : {}) };
}

function feedEpisode(
  episode: EpisodeRecord,
  {
    absolute,
    signed,
    person,
    seasonNames,
  }: {
    absolute: (url: string) => string;
    /** A link of the member's own feed carries their key. */
    signed: (url: string) => string;
    person: (user: Person, role: string, group: string) => FeedPerson;
    seasonNames: Record<string, string>;
  },
): FeedEpisode {
  const seasonName = episode.season != null ? seasonNames[String(episode.season)] : undefined;
  return {
    id: episode.id,
    title: episode.title,
    description: episode.description ?? '',
    audioUrl: signed(episode.audio.url),
    audioType: episode.audio.type,
    audioBytes: episode.audio.bytes ?? 0,
    durationSeconds: episode.audio.durationSeconds ?? 0,
    ...(episode.image ? { imageUrl: absolute(episode.image) } : {}),
    ...(episode.season != null ? { season: episode.season } : {}),
    ...(seasonName ? { seasonName } : {}),
    ...(episode.episode != null ? { episode: episode.episode } : {}),
    ...(episode.episodeLabel ? { episodeLabel: episode.episodeLabel } : {}),
    episodeType: episode.episodeType ?? 'full',
    soundbites: (episode.soundbites as Soundbite[] | undefined) ?? [],
    publishedAt: episode.publishedAt,
    explicit: Boolean(episode.explicit),
    persons: episode.guests.map((guest) => person(guest, 'guest', 'cast')),
    ...(episode.transcript ? { transcripts: transcriptFiles(episode.transcript, absolute) } : {}),
    ...(episode.chapters?.length ? { chaptersUrl: signed(chaptersPath(episode.id)) } : {}),
  };
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

/** The podroll's shows that are still published, by their guid and feed (one keyed read). */
async function podrollOf(deps: Pick<CatalogDeps, 'podcasts'>, ids: string[], origin: string) {
  if (ids.length === 0) return [];
  const shows: PodcastRecord[] = await deps.podcasts.findByIds(ids);
  return shows
    .filter((show) => show.status === 'published')
    .map((show) => {
      const feedUrl = `${origin}${feedPath(show.uId)}`;
      return { feedGuid: show.feedGuid ?? podcastGuid(feedUrl), feedUrl };
    });
}
