import { RecentReads } from '@podz/kit';
import type { ListenFile } from '@podz/proto';
import { audioOffset } from '../blobs/audio-offset';
import type { CatalogDeps } from '../domain/catalog-deps';
import { premiumWindow } from '@podz/proto';
import { showPremium, teamOf } from '../domain/premium-rules';

/** Whose listen a request for an audio file is: the episode using it and what its bytes are. */
export interface AudioAttribution {
  show: string;
  episode: string;
  published: number;
  file: ListenFile;
  /** Who may hear it while it is premium: members on these plans, until `until` (ms) if set. */
  premium: { plans: string[]; until: number | null } | null;
  /** The show's owner and confirmed hosts, who hear their premium episodes without a plan. */
  team: string[];
}

/** How long an instance trusts what it looked up: an episode that changes its audio is seen within it. */
const FRESH_MS = 1000;
const REMEMBERED_FILES = 10_000;

/**
 * File → episode, for the listen records and the premium gate: the media record (by the id the
 * file is named by) says which episode uses it, the episode and show records (Redis-cached) when
 * it went out and who may hear it. Looked up once a second per file and instance at most: a show
 * or episode turned premium is gated within a second.
 */
export class AudioAttributions {
  private readonly known = new RecentReads<string, AudioAttribution | null>(FRESH_MS, REMEMBERED_FILES);

  constructor(
    private readonly deps: Pick<CatalogDeps, 'media' | 'episodes' | 'podcasts' | 'blobs' | 'logger'>,
  ) {}

  /** `file` is the name in the URL, `<id>.<ext>`; null when no episode uses it. */
  of(file: string, now = Date.now()): Promise<AudioAttribution | null> {
    return this.known
      .get(file, () => this.load(file), now)
      .catch((err: unknown) => {
        this.deps.logger.warn({ err, file }, 'audio attribution failed');
        return null;
      });
  }

  private async load(file: string): Promise<AudioAttribution | null> {
    const id = /^([0-9a-f]{24})\./.exec(file)?.[1];
    if (!id) return null;
    const media = await this.deps.media.findById(id);
    if (!media || media.kind !== 'audio') return null;
    const uses = Object.entries((media.uses ?? {}) as Record<string, { kind: string; podcastId: string }>);
    const [episodeId] = uses.find(([, use]) => use.kind === 'episode') ?? [];
    if (!episodeId) return null;
    const episode = await this.deps.episodes.findById(episodeId);
    if (!episode) return null;
    const podcast = await this.deps.podcasts.findById(episode.podcast);
    if (!podcast) return null;
    let offset = media.audioOffset;
    if (offset == null) {
      offset = await audioOffset(this.deps.blobs, media.key);
      await this.deps.media.setAudioOffset(id, offset);
    }
    return {
      show: episode.podcast,
      episode: episodeId,
      published: new Date(episode.publishedAt).getTime(),
      file: { bytes: media.bytes, offset, seconds: media.durationSeconds ?? 0 },
      premium: premiumWindow(showPremium(podcast), episode.premium),
      team: teamOf(podcast),
    };
  }
}
