import { z } from 'zod';
import { categorySchema } from '../categories';
import { objectIdSchema } from '../ids';
import { podcastStatusSchema, episodeStatusSchema } from '../catalog/catalog-fields';
import { episodePremiumSchema, showPremiumSchema } from '../catalog/premium-api';
import { chapterSchema } from '../catalog/chapter-api';
import { adBreaksSchema } from '../ads/ad-breaks';
import { defineEvent } from './define-event';
import { TOPICS } from './topics';

const source = 'catalog';
const ID = '64b7f0c2a1b2c3d4e5f60718';
const OTHER = '64b7f0c2a1b2c3d4e5f60719';
const USER = '64b7f0c2a1b2c3d4e5f6071a';

// Podcast events: key and subject = podcast id.
const podcastTopic = TOPICS.catalogPodcast;
const podcastState = {
  podcastId: objectIdSchema,
  uId: z.string(),
  name: z.string(),
  ownerId: objectIdSchema,
  category: categorySchema,
  status: podcastStatusSchema,
  logoPath: z.string(),
  /**
   * The plans whose members hear its premium episodes (none: nothing is premium). Absent only on
   * events from before it was carried; `restated` events bring every show up to date.
   */
  premium: showPremiumSchema.optional(),
  /** Its owner and confirmed hosts, who hear its premium episodes without a plan (absent as above). */
  teamIds: z.array(objectIdSchema).optional(),
  /** Its episodes' audio is levelled to the network's target (absent as above: levelled). */
  levelAudio: z.boolean().optional(),
  /** Its episodes carry inserted audio; null follows the network's default (absent as above: null). */
  insertAds: z.boolean().nullable().optional(),
};
const podcastExample = {
  podcastId: ID,
  uId: 'the-science-hour',
  name: 'The Science Hour',
  ownerId: USER,
  category: 'Science' as const,
  status: 'published' as const,
  logoPath: '/media/images/64b7f0c2a1b2c3d4e5f60718.png',
  premium: { plans: ['pro'], allEpisodes: false },
  teamIds: [USER],
  levelAudio: true,
  insertAds: null,
};

export const podcastCreated = defineEvent({
  type: 'podz.catalog.podcast.created',
  topic: podcastTopic,
  source,
  description: 'A show was created, by its owner or by importing a feed.',
  data: z.object(podcastState),
  example: podcastExample,
});

export const podcastUpdated = defineEvent({
  type: 'podz.catalog.podcast.updated',
  topic: podcastTopic,
  source,
  description: "A show's name, status, category, cover or other fields changed.",
  data: z.object({ ...podcastState, featured: z.boolean() }),
  example: { ...podcastExample, featured: true },
});

export const podcastRestated = defineEvent({
  type: 'podz.catalog.podcast.restated',
  topic: podcastTopic,
  source,
  description:
    "A show's state told again, with nothing changed: for services that keep a copy of shows, when catalog starts carrying a field they need. Not news: no one is told of it.",
  data: z.object({ ...podcastState, featured: z.boolean() }),
  example: { ...podcastExample, featured: false },
});

export const podcastDeleted = defineEvent({
  type: 'podz.catalog.podcast.deleted',
  topic: podcastTopic,
  source,
  description: 'A show was deleted, with its episodes and follows.',
  data: z.object({ podcastId: objectIdSchema, ownerId: objectIdSchema, episodeIds: z.array(objectIdSchema) }),
  example: { podcastId: ID, ownerId: USER, episodeIds: [OTHER] },
});

const follow = { podcastId: objectIdSchema, userId: objectIdSchema, followerCount: z.number().int().min(0) };
export const podcastFollowed = defineEvent({
  type: 'podz.catalog.podcast.followed',
  topic: podcastTopic,
  source,
  description: 'A user started following a show (not repeated when they already did).',
  data: z.object(follow),
  example: { podcastId: ID, userId: USER, followerCount: 12 },
});
export const podcastUnfollowed = defineEvent({
  type: 'podz.catalog.podcast.unfollowed',
  topic: podcastTopic,
  source,
  description: 'A user stopped following a show.',
  data: z.object(follow),
  example: { podcastId: ID, userId: USER, followerCount: 11 },
});

const host = { podcastId: objectIdSchema, userId: objectIdSchema, podcastName: z.string() };
const hostExample = { podcastId: ID, userId: USER, podcastName: 'The Science Hour' };
export const hostInvited = defineEvent({
  type: 'podz.catalog.podcast.host-invited',
  topic: podcastTopic,
  source,
  description: "A show's owner invited a user to host it; the invitation waits for their answer.",
  data: z.object(host),
  example: hostExample,
});
export const hostConfirmed = defineEvent({
  type: 'podz.catalog.podcast.host-confirmed',
  topic: podcastTopic,
  source,
  description: 'An invited user accepted to host the show. Identity grants them `host`.',
  data: z.object(host),
  example: hostExample,
});
export const hostDeclined = defineEvent({
  type: 'podz.catalog.podcast.host-declined',
  topic: podcastTopic,
  source,
  description: 'An invited user declined to host the show.',
  data: z.object(host),
  example: hostExample,
});
export const hostRemoved = defineEvent({
  type: 'podz.catalog.podcast.host-removed',
  topic: podcastTopic,
  source,
  description: 'A host left the show, or its owner removed them.',
  data: z.object({ ...host, byHost: z.boolean() }),
  example: { ...hostExample, byHost: true },
});

// Episode events: key and subject = episode id.
const episodeTopic = TOPICS.catalogEpisode;
const episodeState = {
  episodeId: objectIdSchema,
  podcastId: objectIdSchema,
  title: z.string(),
  status: episodeStatusSchema,
  publishedAt: z.string(),
  /**
   * The audio it plays: a path of this platform's media (`/media/audio/<file>`), or an address
   * elsewhere for an imported episode. Absent only on events from before it was carried.
   */
  audioUrl: z.string().optional(),
  /** Its own cover (a media path or an address elsewhere), or null for the show's (absent as above). */
  imagePath: z.string().nullable().optional(),
  /** Its premium setting, null when public (absent as above). */
  premium: episodePremiumSchema.nullable().optional(),
  /** Its chapters, in order, as its JSON chapters file lists them; [] for none (absent as above). */
  chapters: z.array(chapterSchema).optional(),
  /** Where inserted audio goes as its owner set it, null for the network's rule (absent as above). */
  adBreaks: adBreaksSchema.nullable().optional(),
};
const episodeExample = {
  episodeId: OTHER,
  podcastId: ID,
  title: 'Why the sky is blue',
  status: 'published' as const,
  publishedAt: '2026-11-20T09:00:00.000Z',
  audioUrl: '/media/audio/64b7f0c2a1b2c3d4e5f6071b.mp3',
  imagePath: null,
  premium: null,
  chapters: [{ startTime: 0, title: 'Cold open' }],
  adBreaks: { preRoll: true, midRolls: [612.5], postRoll: false },
};

export const episodeCreated = defineEvent({
  type: 'podz.catalog.episode.created',
  topic: episodeTopic,
  source,
  description: 'An episode was added to a show.',
  data: z.object(episodeState),
  example: episodeExample,
});
export const episodeUpdated = defineEvent({
  type: 'podz.catalog.episode.updated',
  topic: episodeTopic,
  source,
  description: "An episode's fields changed.",
  data: z.object(episodeState),
  example: episodeExample,
});
export const episodePublished = defineEvent({
  type: 'podz.catalog.episode.published',
  topic: episodeTopic,
  source,
  description:
    'An episode went public: added or edited as published, or its scheduled time came (`publishedAt` is that moment).',
  data: z.object(episodeState),
  example: episodeExample,
});
export const episodeRestated = defineEvent({
  type: 'podz.catalog.episode.restated',
  topic: episodeTopic,
  source,
  description:
    "An episode's state told again, with nothing changed: for services that keep a copy of episodes, when catalog starts carrying a field they need. Not news: no one is told of it.",
  data: z.object(episodeState),
  example: episodeExample,
});

export const episodeDeleted = defineEvent({
  type: 'podz.catalog.episode.deleted',
  topic: episodeTopic,
  source,
  description: 'An episode was deleted (alone, or with its show).',
  data: z.object({ episodeId: objectIdSchema, podcastId: objectIdSchema }),
  example: { episodeId: OTHER, podcastId: ID },
});
const guest = {
  episodeId: objectIdSchema,
  podcastId: objectIdSchema,
  userId: objectIdSchema,
  title: z.string(),
};
const guestExample = { episodeId: OTHER, podcastId: ID, userId: USER, title: 'Why the sky is blue' };
export const guestAdded = defineEvent({
  type: 'podz.catalog.episode.guest-added',
  topic: episodeTopic,
  source,
  description: 'A user was added as a guest of an episode. Identity grants them `guest`.',
  data: z.object(guest),
  example: guestExample,
});
export const guestRemoved = defineEvent({
  type: 'podz.catalog.episode.guest-removed',
  topic: episodeTopic,
  source,
  description: 'A guest was removed from an episode.',
  data: z.object(guest),
  example: guestExample,
});

// Private feed events: key and subject = the member and show, `<userId>:<podcastId>`.
const privateFeedState = {
  userId: objectIdSchema,
  podcastId: objectIdSchema,
  /** The link's current generation: audio links signed for another one are no longer honoured. */
  feedId: objectIdSchema,
  suspended: z.boolean(),
};
export const privateFeedChanged = defineEvent({
  type: 'podz.catalog.private-feed.changed',
  topic: TOPICS.catalogPrivateFeed,
  source,
  description:
    "A member's private feed of a show was opened, reset (a new `feedId`), suspended or resumed, or told again as it is. A member's feeds go with the member (`identity.user.deleted`) and a show's with the show (`podz.catalog.podcast.deleted`).",
  data: z.object(privateFeedState),
  example: { userId: USER, podcastId: ID, feedId: OTHER, suspended: false },
});

export const CATALOG_PODCAST_EVENTS = [
  podcastCreated,
  podcastUpdated,
  podcastRestated,
  podcastDeleted,
  podcastFollowed,
  podcastUnfollowed,
  hostInvited,
  hostConfirmed,
  hostDeclined,
  hostRemoved,
] as const;
export const CATALOG_EPISODE_EVENTS = [
  episodeCreated,
  episodeUpdated,
  episodePublished,
  episodeRestated,
  episodeDeleted,
  guestAdded,
  guestRemoved,
] as const;
export const CATALOG_PRIVATE_FEED_EVENTS = [privateFeedChanged] as const;
