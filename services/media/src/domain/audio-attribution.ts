import { RecentReads, type Logger } from '@podz/kit';
import type { BlobStore } from '@podz/kit/blobs';
import { uploadIdOfFile, type ListenFile } from '@podz/proto';
import type { CatalogCopies } from '../data/catalog-copies';
import type { MediaLibrary } from '../data/media-library';
import type { MediaRecord, ProcessedAudio } from '../data/media-models';
import { audioOffset } from '../uploads/audio-offset';
import { audioOwner, type AudioOwner } from './audio-owner';
import { renditionOf } from './derived-keys';

/** Whose listen a request for an audio file is: the episode using it and what its bytes are. */
export interface AudioAttribution extends AudioOwner {
  file: ListenFile;
  /** For a rendition: what the pipeline made of the upload (its frames, silences), for inserted audio. */
  processed: ProcessedAudio | null;
}

/** How long an instance trusts what it looked up: an episode that changes its audio is seen within it. */
const FRESH_MS = 1000;
const REMEMBERED_FILES = 10_000;
/**
 * How long a listen of an uploaded file no episode is known to use yet waits for catalog's event
 * (a new episode's first downloads can come before media hears of it), and how often it looks.
 */
const AWAIT_EPISODE_MS = 10_000;
const LOOK_AGAIN_MS = 100;
/** How long after catalog asked for an upload's facts its audio waits for the episode's event. */
const CLAIM_HELD_MS = 60_000;

/**
 * File → episode, for the listen records and the premium gate: media's copy of catalog says which
 * episode of which show uses the file and who may hear it, the library what its bytes are. Looked
 * up once a second per file and instance at most, behind the answer it had (no download waits for
 * it): a show or episode turned premium is gated within a second and a read of its event.
 */
export class AudioAttributions {
  private readonly known = new RecentReads<string, AudioAttribution | null>(FRESH_MS, REMEMBERED_FILES, {
    reloadBehind: true,
  });
  private readonly waits = new Map<string, Promise<boolean>>();

  constructor(
    private readonly deps: {
      copies: Pick<CatalogCopies, 'episodeWithAudio' | 'show'>;
      library: Pick<MediaLibrary, 'findById' | 'setAudioOffset'>;
      blobs: BlobStore;
      logger: Logger;
    },
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

  /**
   * For the premium gate: as `of`, but a file catalog is naming on an episode media has not heard
   * of yet (it asked for the upload's facts within `CLAIM_HELD_MS`) waits for the episode's event;
   * 'held' when it did not come in time. Any other file no episode uses is nobody's: public.
   */
  async forGate(file: string): Promise<AudioAttribution | null | 'held'> {
    const found = await this.of(file);
    if (found || !(await this.isClaimed(file))) return found;
    return (await this.untilAttributed(file)) ? this.of(file) : 'held';
  }

  private async isClaimed(file: string, now = Date.now()): Promise<boolean> {
    const claimedAt = (await this.upload(file))?.claimedAt;
    return claimedAt != null && now - new Date(claimedAt).getTime() < CLAIM_HELD_MS;
  }

  /**
   * For the listen records of a file `of` placed nowhere: whether an episode will be known to use
   * it soon. An uploaded audio file whose episode media has not heard of yet (a new episode's first
   * downloads can come before catalog's event) is looked up again until it is, or
   * `AWAIT_EPISODE_MS` passed. Callers at the same time (the recorder, and the gate for a claimed
   * file) share one wait per file.
   */
  untilAttributed(file: string): Promise<boolean> {
    const pending = this.waits.get(file);
    if (pending) return pending;
    const wait = this.lookUntilAttributed(file).finally(() => this.waits.delete(file));
    this.waits.set(file, wait);
    return wait;
  }

  private async lookUntilAttributed(file: string): Promise<boolean> {
    const deadline = Date.now() + AWAIT_EPISODE_MS;
    if (!(await this.isUpload(file))) return false;
    for (;;) {
      this.known.forget(file);
      if (await this.of(file)) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, LOOK_AGAIN_MS));
    }
  }

  private async isUpload(file: string): Promise<boolean> {
    return (await this.upload(file))?.kind === 'audio';
  }

  /** The library's record of the upload a file name (`<id>.<ext>`) is, if any. */
  private upload(file: string) {
    const id = uploadIdOfFile(file);
    return id ? this.deps.library.findById(id) : Promise.resolve(null);
  }

  private async load(file: string): Promise<AudioAttribution | null> {
    const id = uploadIdOfFile(file);
    if (!id) return null;
    const [asked, media] = await Promise.all([
      audioOwner(this.deps.copies, file),
      this.deps.library.findById(id),
    ]);
    if (!media || media.kind !== 'audio') return null;
    // The episode names the upload's own file, or its rendition once catalog has moved it there:
    // either way both files are that episode's, and gated alike.
    const owner = asked ?? (await this.ownerOfOtherFile(file, media));
    if (!owner) return null;
    if (renditionOf(file)) {
      const rendition = media.processed?.rendition;
      return rendition
        ? {
            ...owner,
            file: {
              bytes: rendition.bytes,
              offset: rendition.headBytes ?? 0,
              seconds: rendition.durationSeconds,
            },
            processed: media.processed ?? null,
          }
        : null;
    }
    let offset = media.audioOffset;
    if (offset == null) {
      offset = await audioOffset(this.deps.blobs, media.key);
      await this.deps.library.setAudioOffset(id, offset);
    }
    return {
      ...owner,
      file: { bytes: media.bytes, offset, seconds: media.durationSeconds ?? 0 },
      processed: null,
    };
  }

  private ownerOfOtherFile(file: string, media: MediaRecord): Promise<AudioOwner | null> {
    const original = media.key.slice('audio/'.length);
    const rendition = media.processed?.rendition.key.slice('audio/'.length);
    const other = file === original ? rendition : original;
    return other ? audioOwner(this.deps.copies, other) : Promise.resolve(null);
  }
}
