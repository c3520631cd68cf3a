import { Schema, type Connection, type InferSchemaType, type Types } from 'mongoose';
import { outboxPlugin, type Keyed } from '@podz/kit';
import {
  CHAPTER_SOURCES,
  EPISODE_CATEGORIES,
  EPISODE_STATUSES,
  EPISODE_TYPES,
  PODCAST_STATUSES,
  PREMIUM_KINDS,
  TRANSCRIPT_SOURCES,
} from '@podz/proto';

/**
 * The catalog's documents: shows, episodes, follows, uploads and what each uploader stores, and
 * the release clock's bookmark.
 */

/** A chapter as the Podcast Namespace writes it (proto `chapterSchema`). */
const chapter = new Schema(
  {
    startTime: { type: Number, required: true },
    title: { type: String, required: true },
    url: String,
    img: String,
  },
  { _id: false },
);

// Read model of a user, embedded where a show or episode names someone; refreshed by identity events.
const userRef = new Schema(
  { id: { type: String, required: true }, username: String, profilePicture: String },
  { _id: false },
);

const podcastSchema = new Schema(
  {
    uId: { type: String, required: true, unique: true },
    name: { type: String, required: true },
    // Case-insensitive uniqueness through a lowercased copy (FerretDB has no collations).
    nameKey: { type: String, required: true, unique: true },
    description: { type: String, default: '' },
    logoPath: { type: String, required: true },
    category: { type: String, enum: EPISODE_CATEGORIES, required: true, index: true },
    language: { type: String, default: 'en' },
    explicit: { type: Boolean, default: false },
    status: { type: String, enum: PODCAST_STATUSES, required: true, index: true },
    /** When a scheduled show goes public; null for any other status. */
    publishAt: { type: Date, default: null },
    /** A scheduled show's hour, where the release clock looks (as on episodes); null otherwise. */
    releaseHour: { type: String, default: null, index: true },
    featured: { type: Boolean, default: false, index: true },
    owner: { type: userRef, required: true },
    hosts: {
      type: [new Schema({ user: { type: userRef, required: true }, confirmed: Boolean }, { _id: false })],
      default: [],
    },
    confirmedHostIds: { type: [String], default: [], index: true },
    // Who the show names, as top-level ids kept beside owner, hosts and crew on every write: the
    // embedded store serves equality on a top-level indexed field from an index, never a dotted path.
    ownerId: { type: String, index: true },
    hostIds: { type: [String], default: [], index: true },
    crewIds: { type: [String], default: [], index: true },
    crew: {
      type: [
        new Schema(
          { user: { type: userRef, required: true }, role: { type: String, required: true } },
          { _id: false },
        ),
      ],
      default: [],
    },
    followerCount: { type: Number, default: 0 },
    // The follow rows whose count change this show has taken (see the follow schema): a change
    // retried after a crash is not counted twice. Only changes in flight stay here.
    followOps: { type: [String], select: false, default: undefined },
    sourceFeedUrl: { type: String, default: null },
    /** `podcast:guid`, fixed at creation (or kept from an imported feed): it never follows the URL. */
    feedGuid: { type: String, default: null },
    /** The feed's Podcasting 2.0 settings (proto `feedSettingsSchema`), as the owner last set them. */
    feed: { type: Schema.Types.Mixed, default: undefined },
    /** Which plans unlock the premium episodes (proto `showPremiumSchema`); absent: none. */
    premium: {
      type: new Schema(
        { plans: { type: [String], default: [] }, allEpisodes: { type: Boolean, default: false } },
        { _id: false },
      ),
      default: undefined,
    },
    /** Its episodes' audio is levelled to the network's target; absent on shows from before: on. */
    levelAudio: { type: Boolean, default: undefined },
    /** Its episodes carry inserted audio; null (and absent, on shows from before) follows the network. */
    insertAds: { type: Boolean, default: null },
    // Deleted shows stay as tombstones until the relay has published their deletion; `tombstone`
    // lets the purge find them by an index (`deletedAt: {$ne: null}` would read every show).
    deletedAt: { type: Date, default: null, index: true },
    tombstone: { type: Boolean, index: true },
  },
  { timestamps: true, collection: 'podcasts' },
);
podcastSchema.plugin(outboxPlugin);

const episodeSchema = new Schema(
  {
    podcast: { type: String, required: true, index: true },
    title: { type: String, required: true },
    description: { type: String, default: '' },
    audio: {
      type: new Schema(
        {
          url: { type: String, required: true },
          type: { type: String, required: true },
          bytes: { type: Number, default: 0 },
          durationSeconds: { type: Number, default: 0 },
        },
        { _id: false },
      ),
      required: true,
    },
    image: { type: String, default: null },
    season: { type: Number, default: null },
    episode: { type: Number, default: null },
    publishedAt: { type: Date, required: true, index: true },
    status: { type: String, enum: EPISODE_STATUSES, required: true },
    /** A scheduled episode's hour (`2026-11-26T12`), where the release clock looks; null otherwise. */
    releaseHour: { type: String, default: null, index: true },
    /** The show owner's id while the episode is scheduled (their upcoming releases); null otherwise. */
    upcomingFor: { type: String, default: null, index: true },
    explicit: { type: Boolean, default: false },
    guests: { type: [userRef], default: [] },
    /** The guests' ids, top-level beside `guests` (see `hostIds`). */
    guestIds: { type: [String], default: [], index: true },
    categories: { type: [String], enum: EPISODE_CATEGORIES, default: [] },
    episodeType: { type: String, enum: EPISODE_TYPES, default: 'full' },
    episodeLabel: { type: String, default: null },
    soundbites: { type: Schema.Types.Mixed, default: undefined },
    /**
     * The transcript's files in the blob store (`transcripts/{episode}-{revision}.vtt` and `.json`):
     * a new revision gets new names, so both are served as immutable.
     */
    transcript: {
      type: new Schema(
        {
          key: { type: String, required: true },
          language: { type: String, required: true },
          cues: { type: Number, required: true },
          source: { type: String, enum: TRANSCRIPT_SOURCES, required: true },
          updatedAt: { type: Date, required: true },
        },
        { _id: false },
      ),
      default: null,
    },
    chapters: { type: [chapter], default: [] },
    chaptersSource: { type: String, enum: [...CHAPTER_SOURCES, null], default: null },
    /** Where inserted audio goes, as its owner set it (proto `adBreaksSchema`); null: the network's rule. */
    adBreaks: { type: Schema.Types.Mixed, default: null },
    /** Premium for members on the show's plans (proto `episodePremiumSchema`); null when public. */
    premium: {
      type: new Schema(
        {
          kind: { type: String, enum: PREMIUM_KINDS, required: true },
          publicAt: { type: Date, default: null },
          publicEpisodeId: { type: String, default: null },
        },
        { _id: false },
      ),
      default: null,
    },
    // Copied from the show so that public lists filter in one query (no $lookup on either store).
    showPublished: { type: Boolean, default: false, index: true },
    /** The item's guid in the feed it was imported from. */
    sourceGuid: { type: String, default: null },
    deletedAt: { type: Date, default: null, index: true },
    tombstone: { type: Boolean, index: true },
  },
  { timestamps: true, collection: 'episodes' },
);
episodeSchema.plugin(outboxPlugin);
// Where an upload's rendition is adopted: the episodes using the upload's own file.
episodeSchema.index({ 'audio.url': 1 });

/**
 * Who follows which show, one row per pair. `following` is what the member asked for, `counted` what
 * the show's `followerCount` reflects, and `opId` names the count change in flight between them, so
 * a change interrupted by a crash is finished, once, by the next request for the pair. The row's
 * outbox carries the followed / unfollowed events, written with `counted`.
 */
const followSchema = new Schema(
  {
    userId: { type: String, required: true },
    podcastId: { type: String, required: true, index: true },
    following: { type: Boolean, default: true },
    counted: { type: Boolean, default: false },
    opId: { type: String, default: null },
    /**
     * The last change settled on the row, and whether the request that settled it had counted it
     * (not taken it over from one that died): a request that counted a change after another had
     * counted, settled and forgotten it (its row read before that) finds here that its count is a
     * second one.
     */
    settledOp: { type: Schema.Types.Mixed, default: null },
    followedAt: { type: Date, default: () => new Date() },
  },
  { timestamps: true, collection: 'follows' },
);
followSchema.index({ userId: 1, podcastId: 1 }, { unique: true });
followSchema.plugin(outboxPlugin);

/**
 * The release clocks' bookmarks, one per kind (`releases` for episodes, `show-releases`): every hour
 * before `sweptThrough` holds nothing of that kind still scheduled.
 */
const releaseClockSchema = new Schema(
  { _id: { type: String, required: true }, sweptThrough: { type: String, required: true } },
  { collection: 'release_clock', versionKey: false },
);

// A chapter as read back (`lean`): plain objects, not mongoose's document arrays.
export interface StoredChapter {
  startTime: number;
  title: string;
  url?: string | null;
  img?: string | null;
}

export type StoredPodcast = InferSchemaType<typeof podcastSchema> & { _id: Types.ObjectId };
export type StoredEpisode = Omit<InferSchemaType<typeof episodeSchema>, 'chapters'> & {
  _id: Types.ObjectId;
  chapters?: StoredChapter[] | null;
};
/** A show as use cases read it. */
export type PodcastRecord = Keyed<StoredPodcast>;
/** An episode as use cases read it. */
export type EpisodeRecord = Keyed<StoredEpisode>;

export function catalogModels(db: Connection) {
  return {
    podcasts: db.model('Podcast', podcastSchema),
    episodes: db.model('Episode', episodeSchema),
    follows: db.model('Follow', followSchema),
    releaseClock: db.model('ReleaseClock', releaseClockSchema),
  };
}

export type CatalogModels = ReturnType<typeof catalogModels>;
