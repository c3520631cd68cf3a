import { LruMap } from '@podz/kit';
import type { ListenFile } from '@podz/proto';
import { audioOffset } from '../blobs/audio-offset';
import type { CatalogDeps } from '../domain/catalog-deps';

/** Whose listen a request for an audio file is: the episode using it and what its bytes are. */
export interface AudioAttribution {
  show: string;
  episode: string;
  published: number;
  file: ListenFile;
}

/** How long an instance trusts what it looked up: an episode that changes its audio is seen within it. */
const FRESH_MS = 1000;
const REMEMBERED_FILES = 10_000;

/**
 * File → episode, for the listen records: the media record (by the id the file is named by) says
 * which episode uses it, the episode record (Redis-cached) when it went out. Looked up once a second
 * per file and instance at most, after the response, never before the bytes flow.
 */
export class AudioAttributions {
  private readonly known = new LruMap<string, { at: number; value: Promise<AudioAttribution | null> }>(
    REMEMBERED_FILES,
  );

  constructor(private readonly deps: Pick<CatalogDeps, 'media' | 'episodes' | 'blobs' | 'logger'>) {}

  /** `file` is the name in the URL, `<id>.<ext>`; null when no episode uses it. */
  of(file: string, now = Date.now()): Promise<AudioAttribution | null> {
    const remembered = this.known.get(file);
    if (remembered && now - remembered.at < FRESH_MS) return remembered.value;
    const value = this.load(file).catch((err: unknown) => {
      this.deps.logger.warn({ err, file }, 'audio attribution failed');
      this.known.delete(file);
      return null;
    });
    this.known.set(file, { at: now, value });
    return value;
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
    };
  }
}
