import { Schema, type Connection } from 'mongoose';
import type { AdBreaks, Category, Chapter, EpisodePremium, ShowPremium } from '@podz/proto';

/** What media keeps of a show, from `catalog.podcast.v1`: who may hear its premium episodes. */
export interface ShowCopy {
  _id: string;
  ownerId: string;
  name: string;
  status: string;
  /** Its cover: an upload's path under `/media/images/`, or the default. */
  logoPath: string;
  premium: ShowPremium;
  /** Its owner and confirmed hosts. */
  teamIds: string[];
  /** Its episodes' audio is levelled to the network's target; absent (before events carried it): on. */
  levelAudio?: boolean;
  /** Its episodes carry inserted audio; null or absent: as the network's default says. */
  insertAds?: boolean | null;
  /** What campaigns target (absent on a copy from before it was kept). */
  category?: Category;
}

/** What media keeps of an episode, from `catalog.episode.v1`: its show, its file, its premium setting. */
export interface EpisodeCopy {
  _id: string;
  podcastId: string;
  title: string;
  status: string;
  publishedAt: Date;
  /** Its audio: an upload's path under `/media/audio/`, or a URL elsewhere (an import). */
  audioUrl: string;
  /** The file name of its audio under `/media/audio/`; null for audio elsewhere (an import). */
  audioFile: string | null;
  imagePath: string | null;
  premium: EpisodePremium | null;
  /** As its JSON chapters file lists them; absent on a copy from before events carried them. */
  chapters?: Chapter[];
  /** Where inserted audio goes as its owner set it; null or absent: by the network's rule. */
  adBreaks?: AdBreaks | null;
}

/** A show's fields as an event states them; those an older event lacks are left as they were. */
export type ShowState = Pick<ShowCopy, '_id' | 'ownerId' | 'name' | 'status' | 'logoPath'> &
  Partial<Pick<ShowCopy, 'premium' | 'teamIds' | 'levelAudio' | 'insertAds' | 'category'>>;
export type EpisodeState = Pick<EpisodeCopy, '_id' | 'podcastId' | 'title' | 'status' | 'publishedAt'> &
  Partial<Pick<EpisodeCopy, 'audioUrl' | 'audioFile' | 'imagePath' | 'premium' | 'chapters' | 'adBreaks'>>;

const showSchema = new Schema(
  {
    _id: String,
    ownerId: String,
    name: String,
    status: String,
    logoPath: String,
    premium: { type: Schema.Types.Mixed },
    teamIds: { type: [String], default: undefined },
    levelAudio: { type: Boolean, default: undefined },
    insertAds: { type: Boolean, default: undefined },
    category: String,
  },
  { collection: 'shows', versionKey: false },
);
const episodeSchema = new Schema(
  {
    _id: String,
    podcastId: { type: String, index: true },
    title: String,
    status: String,
    publishedAt: Date,
    audioUrl: String,
    // File → episode is a keyed read: an equality on a top-level indexed field.
    audioFile: { type: String, index: true },
    imagePath: String,
    premium: { type: Schema.Types.Mixed },
    chapters: { type: Schema.Types.Mixed, default: undefined },
    adBreaks: { type: Schema.Types.Mixed, default: undefined },
  },
  { collection: 'episodes', versionKey: false },
);

/** Without the fields an event left out, so an older event never blanks what a newer one said. */
const stated = <T extends object>(fields: T) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));

/**
 * Media's copy of catalog's shows and episodes, kept from catalog's events (never read from
 * catalog's database): which episode of which show a file is, and who may hear it. Every write sets
 * by key from an event's content, so a batch applied twice ends the same.
 */
export class CatalogCopies {
  private readonly shows;
  private readonly episodes;

  constructor(db: Connection) {
    this.shows = db.model('Show', showSchema);
    this.episodes = db.model('Episode', episodeSchema);
  }

  init(): Promise<unknown> {
    return Promise.all([this.shows.init(), this.episodes.init()]);
  }

  show(podcastId: string): Promise<ShowCopy | null> {
    return this.shows.findById(podcastId).lean<ShowCopy>();
  }

  episode(episodeId: string): Promise<EpisodeCopy | null> {
    return this.episodes.findById(episodeId).lean<EpisodeCopy>();
  }

  /** The episode whose audio is this file, if one is: by the `audioFile` index. */
  episodeWithAudio(file: string): Promise<EpisodeCopy | null> {
    return this.episodes.findOne({ audioFile: file }).lean<EpisodeCopy>();
  }

  /** Several shows in one statement (a batch of catalog's events), in order. */
  async saveShows(shows: ShowState[]): Promise<void> {
    if (shows.length === 0) return;
    await this.shows.bulkWrite(
      shows.map(({ _id, ...fields }) => ({
        updateOne: { filter: { _id }, update: { $set: stated(fields) }, upsert: true },
      })),
    );
  }

  async joinTeam(podcastId: string, userId: string): Promise<void> {
    await this.shows.updateOne({ _id: podcastId }, { $addToSet: { teamIds: userId } });
  }

  async leaveTeam(podcastId: string, userId: string): Promise<void> {
    await this.shows.updateOne({ _id: podcastId }, { $pull: { teamIds: userId } });
  }

  /** A deleted show and the episodes its deletion names. */
  async removeShow(podcastId: string, episodeIds: string[]): Promise<void> {
    await Promise.all([
      this.shows.deleteOne({ _id: podcastId }),
      episodeIds.length ? this.episodes.deleteMany({ _id: { $in: episodeIds } }) : undefined,
    ]);
  }

  async saveEpisodes(episodes: EpisodeState[]): Promise<void> {
    if (episodes.length === 0) return;
    await this.episodes.bulkWrite(
      episodes.map(({ _id, ...fields }) => ({
        updateOne: { filter: { _id }, update: { $set: stated(fields) }, upsert: true },
      })),
    );
  }

  /** A show's episodes that play an upload (by the `podcastId` index), for the files its settings reach. */
  episodesPlaying(podcastId: string): Promise<Pick<EpisodeCopy, '_id' | 'audioFile'>[]> {
    return this.episodes
      .find({ podcastId, audioFile: { $type: 'string' } })
      .select('audioFile')
      .lean<Pick<EpisodeCopy, '_id' | 'audioFile'>[]>();
  }

  /** Episodes by id (those a deleted show names), for the files they used. */
  episodesOf(episodeIds: string[]): Promise<EpisodeCopy[]> {
    return this.episodes.find({ _id: { $in: episodeIds } }).lean<EpisodeCopy[]>();
  }

  async removeEpisode(episodeId: string): Promise<void> {
    await this.episodes.deleteOne({ _id: episodeId });
  }
}
