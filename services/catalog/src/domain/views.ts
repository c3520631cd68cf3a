import type {
  AdBreaks,
  Chapter,
  ChapterSource,
  Episode,
  FeedSettings,
  Podcast,
  Soundbite,
  TranscriptSource,
  UserRef,
} from '@podz/proto';
import { CREW_ROLES, DEFAULT_FEED_SETTINGS, levelsAudio, type CrewRole } from '@podz/proto';
import type { EpisodeRecord, PodcastRecord } from '../data/catalog-models';
import { transcriptUrls } from '../transcripts/transcript-files';
import { isPremiumNow, premiumWindow } from '@podz/proto';
import { episodePremium, showPremium } from './feeds/premium-rules';

const iso = (date: unknown) => (date instanceof Date ? date.toISOString() : String(date));
const ref = (user: { id: string; username?: string | null; profilePicture?: string | null }): UserRef => ({
  id: user.id,
  username: user.username ?? '',
  profilePicture: user.profilePicture ?? '',
});

export const feedPath = (uId: string) => `/shows/${uId}/feed.xml`;
export const chaptersPath = (episodeId: string) => `/media/chapters/${episodeId}.json`;

/** A show as the API answers it (proto `podcastSchema`). */
export function podcastView(record: PodcastRecord): Podcast {
  const id = record.id;
  return {
    _id: id,
    id,
    uId: record.uId,
    name: record.name,
    description: record.description ?? '',
    logoPath: record.logoPath,
    category: record.category as Podcast['category'],
    language: record.language ?? 'en',
    explicit: Boolean(record.explicit),
    status: record.status as Podcast['status'],
    publishAt: record.publishAt ? new Date(record.publishAt).toISOString() : null,
    featured: Boolean(record.featured),
    owner: ref(record.owner),
    hosts: record.hosts.map((host) => ({ user: ref(host.user), confirmed: Boolean(host.confirmed) })),
    crew: record.crew.map((credit) => ({
      user: ref(credit.user),
      role: credit.role as CrewRole,
      group: CREW_ROLES[credit.role as CrewRole] ?? 'misc.',
    })),
    followerCount: record.followerCount ?? 0,
    sourceFeedUrl: record.sourceFeedUrl ?? null,
    feedUrl: feedPath(record.uId),
    feedGuid: record.feedGuid ?? null,
    feed: feedSettings(record.feed, undefined),
    premium: showPremium(record),
    levelAudio: levelsAudio(record),
    insertAds: record.insertAds ?? null,
    createdAt: iso(record.createdAt),
    updatedAt: iso(record.updatedAt),
  };
}

export type ShowSummary = Episode['show'];

export const showSummary = (podcast: PodcastRecord): ShowSummary => ({
  id: podcast.id,
  uId: podcast.uId,
  name: podcast.name,
  logoPath: podcast.logoPath,
  funding: feedSettings(podcast.feed, undefined).funding,
  premium: showPremium(podcast),
});

/** An episode as the API answers it (proto `episodeSchema`). */
export function episodeView(record: EpisodeRecord, show: ShowSummary): Episode {
  const id = record.id;
  return {
    _id: id,
    id,
    podcast: record.podcast,
    show,
    title: record.title,
    description: record.description ?? '',
    audio: {
      url: record.audio.url,
      type: record.audio.type,
      bytes: record.audio.bytes ?? 0,
      durationSeconds: record.audio.durationSeconds ?? 0,
    },
    image: record.image ?? null,
    season: record.season ?? null,
    episode: record.episode ?? null,
    publishedAt: iso(record.publishedAt),
    status: record.status as Episode['status'],
    explicit: Boolean(record.explicit),
    guests: record.guests.map((guest) => ref(guest)),
    categories: record.categories as Episode['categories'],
    episodeType: (record.episodeType as Episode['episodeType'] | undefined) ?? 'full',
    episodeLabel: record.episodeLabel ?? null,
    soundbites: (record.soundbites as Soundbite[] | undefined) ?? [],
    transcript: record.transcript
      ? {
          ...transcriptUrls(record.transcript.key),
          language: record.transcript.language,
          cues: record.transcript.cues,
          source: record.transcript.source as TranscriptSource,
          updatedAt: iso(record.transcript.updatedAt),
        }
      : null,
    chapters: (record.chapters ?? []).map(chapterView),
    chaptersSource: (record.chaptersSource as ChapterSource | null) ?? null,
    chaptersUrl: record.chapters?.length ? chaptersPath(id) : null,
    premium: episodePremium(record),
    listening: isPremiumNow(premiumWindow(show.premium, record.premium), Date.now()) ? 'premium' : 'public',
    adBreaks: (record.adBreaks as AdBreaks | null | undefined) ?? null,
    createdAt: iso(record.createdAt),
    updatedAt: iso(record.updatedAt),
  };
}

/** A show's feed settings: what is stored (or the defaults) with a change laid over it. */
export function feedSettings(stored: unknown, change: Partial<FeedSettings> | undefined): FeedSettings {
  return { ...DEFAULT_FEED_SETTINGS, ...((stored as Partial<FeedSettings> | null) ?? {}), ...(change ?? {}) };
}

/** A stored chapter without the empty optional fields a document may carry. */
export const chapterView = (chapter: {
  startTime: number;
  title: string;
  url?: string | null;
  img?: string | null;
}): Chapter => ({
  startTime: chapter.startTime,
  title: chapter.title,
  ...(chapter.url ? { url: chapter.url } : {}),
  ...(chapter.img ? { img: chapter.img } : {}),
});
