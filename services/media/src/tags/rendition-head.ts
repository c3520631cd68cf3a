import { createHash } from 'node:crypto';
import { LruMap, RecentReads, type Logger } from '@podz/kit';
import type { BlobStore } from '@podz/kit/blobs';
import type { UserDirectory } from '@podz/read-models';
import type { CatalogCopies, EpisodeCopy } from '../data/catalog-copies';
import type { MediaLibrary } from '../data/media-library';
import type { MediaRecord } from '../data/media-models';
import { joinedSeconds, type Placed } from '../insertion/stitch-plan';
import { coverArt } from './cover-art';
import { id3Tag, type EpisodeTag } from './id3-writer';

/** How long an instance keeps a head it made: an edit of the episode shows within it. */
const FRESH_MS = 1000;
const REMEMBERED = 5000;
const IMAGES = '/media/images/';

/** A rendition as served: the tag made for it now, and its stored frames after it. */
export interface ServedRendition {
  head: Buffer;
  /** Short hash of the head, for the served file's ETag. */
  hash: string;
  /** The stored frames. */
  key: string;
  bodyBytes: number;
}

/**
 * The ID3v2.4 tag in front of a rendition's frames, made from media's copies of the episode and
 * show that use the upload (title, show, its owner as artist, year, cover, chapters) whenever they
 * change: the head is rewritten, the frames never. Always `TAG_BYTES` long, so the served file's
 * length is the same before any episode names it and through every edit. Kept a second per
 * instance; covers, once scaled, for as long as they are asked for (their names never change).
 */
export class RenditionHeads {
  private readonly served = new RecentReads<string, ServedRendition | null>(FRESH_MS, REMEMBERED, {
    reloadBehind: true,
  });
  private readonly covers = new LruMap<string, Promise<EpisodeTag['artwork']>>(200);

  constructor(
    private readonly deps: {
      library: Pick<MediaLibrary, 'findById'>;
      copies: Pick<CatalogCopies, 'episodeWithAudio' | 'show'>;
      users: Pick<UserDirectory, 'findMany'>;
      blobs: BlobStore;
      logger: Logger;
    },
  ) {}

  /**
   * The upload's rendition as served now; null before it is made. With `inserted` (audio joined in,
   * `stitchPlan`'s placements), the tag's chapters start where their content now plays and its
   * length is the whole's.
   */
  of(uploadId: string, inserted: readonly Placed[] = NONE): Promise<ServedRendition | null> {
    const shape = shapeOf(inserted);
    return this.served.get(`${uploadId}|${shape}`, async () => {
      const upload = await this.deps.library.findById(uploadId);
      const rendition = upload?.processed?.rendition;
      if (!upload || !rendition) return null;
      const head = await this.head(upload, rendition.headBytes, inserted);
      return { ...head, key: rendition.key, bodyBytes: rendition.bytes - rendition.headBytes };
    });
  }

  private async head(
    upload: MediaRecord,
    size: number,
    inserted: readonly Placed[],
  ): Promise<{ head: Buffer; hash: string }> {
    const rendition = upload.processed?.rendition;
    const files = [rendition?.key, upload.key].flatMap((key) => (key ? [key.slice('audio/'.length)] : []));
    let episode: EpisodeCopy | null = null;
    for (const file of files) episode ??= await this.deps.copies.episodeWithAudio(file);
    const show = episode ? await this.deps.copies.show(episode.podcastId) : null;
    const [owner] = show ? await this.deps.users.findMany([show.ownerId]) : [];
    const image = episode?.imagePath ?? show?.logoPath ?? null;
    const head = id3Tag(
      {
        title: episode?.title ?? upload.name ?? '',
        show: show?.name ?? '',
        artist: owner?.username ?? show?.name ?? '',
        year: episode ? new Date(episode.publishedAt).getUTCFullYear() : null,
        artwork: image?.startsWith(IMAGES) ? await this.cover(image.slice('/media/'.length)) : null,
        chapters: (episode?.chapters ?? []).map((chapter) => ({
          ...chapter,
          startTime: joinedSeconds(chapter.startTime, inserted),
        })),
        durationMs:
          (rendition?.durationSeconds ?? upload.durationSeconds ?? 0) * 1000 +
          inserted.reduce((sum, one) => sum + one.durationMs, 0),
      },
      size,
    );
    return { head, hash: createHash('sha1').update(head).digest('hex').slice(0, 12) };
  }

  /** A cover scaled for the tag; none when it cannot be read (the tag goes out without it). */
  private cover(key: string): Promise<EpisodeTag['artwork']> {
    let cover = this.covers.get(key);
    if (!cover) {
      cover = this.read(key).then(coverArt, (err: unknown) => {
        this.deps.logger.warn({ err, key }, 'cover not read for a tag');
        return null;
      });
      this.covers.set(key, cover);
    }
    return cover;
  }

  private async read(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.deps.blobs.read(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
}

const NONE: readonly Placed[] = [];

/** What a head depends on of the audio joined in, as a key (a download's every range asks with the same list). */
const shapes = new WeakMap<readonly Placed[], string>();
function shapeOf(inserted: readonly Placed[]): string {
  let shape = shapes.get(inserted);
  if (shape === undefined) {
    shape = inserted.map((one) => `${one.contentAtMs}+${one.durationMs}`).join(',');
    shapes.set(inserted, shape);
  }
  return shape;
}
