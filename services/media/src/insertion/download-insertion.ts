import { createHash } from 'node:crypto';
import { LruMap, type DirectRequest } from '@podz/kit';
import type { ListenerIdentity, UserAgents } from '@podz/kit/listens';
import { isPremiumNow, NO_PREMIUM, premiumWindow, uploadIdOfFile } from '@podz/proto';
import type { CatalogCopies, EpisodeCopy, ShowCopy } from '../data/catalog-copies';
import type { MediaLibrary } from '../data/media-library';
import type { ProcessedAudio } from '../data/media-models';
import type { AudioAttributions } from '../domain/audio-attribution';
import { renditionOf } from '../domain/derived-keys';
import { utcDay } from './decision-store';
import type { Insertion, InsertionPlanner } from './insertion-plan';

/** What a download of a rendition carries: the insertion decided for its listener, if any. */
export interface DownloadAudio {
  /** Whether the episode's show inserts at all: its answers then differ by listener. */
  inserts: boolean;
  insertion: Insertion | null;
  /** Names the decision in the file's ETag, so each listener's bytes have their own. */
  tag: string;
}

const PLAIN: DownloadAudio = { inserts: false, insertion: null, tag: '' };
/** A show that inserts, heard by one who pays for none: plain, but still this listener's own answer. */
const PLAIN_FOR_THEM: DownloadAudio = { inserts: true, insertion: null, tag: '' };

/** An episode playing a rendition, as a decision needs it. */
interface Playing {
  episode: EpisodeCopy;
  show: ShowCopy;
  processed: ProcessedAudio;
}

/**
 * The inserted audio of one request: the listener as their listen record will name them, and the
 * planner's decision for them today (made by whichever of their requests comes first: the audio,
 * or the chapters file an app may fetch before it). A premium member's file, a paying member's
 * (members pay for no ads), and any file no episode plays as a rendition, are plain.
 */
export class DownloadInsertion {
  /**
   * Joined files this instance made, by rendition, listener and day: a decision never changes, so
   * a download's later ranges reuse its plan and tag (a new rendition is a new key).
   */
  private readonly joined = new LruMap<string, DownloadAudio>(10_000);
  private readonly answers = new WeakMap<Insertion, DownloadAudio>();

  constructor(
    private readonly deps: {
      attributions: Pick<AudioAttributions, 'of'>;
      copies: Pick<CatalogCopies, 'episode' | 'show'>;
      library: Pick<MediaLibrary, 'findById'>;
      identity: Pick<ListenerIdentity, 'of'>;
      /** The app and platform a request's user agent names, as analytics counts them. */
      agents: Pick<UserAgents, 'classify'>;
      planner: Pick<InsertionPlanner, 'plan' | 'inserts'>;
      /** Whether the request is a paying member's (their private feed's key, or their session). */
      adFree: (req: DirectRequest, showId: string) => Promise<boolean>;
    },
  ) {}

  /** A request for a rendition's file (the attribution, kept a second per instance, names its episode). */
  async of(req: DirectRequest, file: string, member: boolean, at = new Date()): Promise<DownloadAudio> {
    if (member) return PLAIN;
    const attribution = await this.deps.attributions.of(file);
    if (!attribution?.processed) return PLAIN;
    return this.decided(req, { ...attribution.copies, processed: attribution.processed }, at);
  }

  /** A request about an episode (its chapters file): the decision its audio gets, or makes it. */
  async ofEpisode(req: DirectRequest, episodeId: string, at = new Date()): Promise<DownloadAudio> {
    const episode = await this.deps.copies.episode(episodeId);
    const file = episode?.audioFile;
    if (!episode || !file || !renditionOf(file)) return PLAIN;
    const show = await this.deps.copies.show(episode.podcastId);
    // Premium audio is members' and always plain: so are its chapters.
    if (!show || isPremiumNow(premiumWindow(show.premium ?? NO_PREMIUM, episode.premium), at.getTime()))
      return PLAIN;
    // Only a show that inserts needs the upload read.
    if (!(await this.deps.planner.inserts(show))) return PLAIN;
    const upload = await this.deps.library.findById(uploadIdOfFile(file) ?? '');
    if (!upload?.processed) return PLAIN;
    return this.decided(req, { episode, show, processed: upload.processed }, at);
  }

  private async decided(req: DirectRequest, playing: Playing, at: Date): Promise<DownloadAudio> {
    if (!(await this.deps.planner.inserts(playing.show))) return PLAIN;
    if (await this.deps.adFree(req, playing.show._id)) return PLAIN_FOR_THEM;
    const { listener, country } = await this.deps.identity.of(req, at);
    const key = `${playing.processed.rendition.key}|${playing.episode._id}|${listener}|${utcDay(at)}`;
    const made = this.joined.get(key);
    if (made) return made;
    const agent = this.deps.agents.classify(req.headers['user-agent'] ?? '');
    const insertion = await this.deps.planner.plan({
      rendition: playing.processed,
      episode: playing.episode,
      show: playing.show,
      listener,
      listening: { country, app: agent.app, platform: agent.os },
      at,
    });
    if (!insertion) return PLAIN_FOR_THEM;
    // The planner hands listeners decided alike one joined file: they share one answer too.
    let answer = this.answers.get(insertion);
    if (!answer) {
      answer = {
        inserts: true,
        insertion,
        tag: createHash('sha1').update(JSON.stringify(insertion.fills)).digest('base64url').slice(0, 12),
      };
      this.answers.set(insertion, answer);
    }
    this.joined.set(key, answer);
    return answer;
  }
}
