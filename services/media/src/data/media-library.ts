import { Types } from 'mongoose';
import {
  escapeRegex,
  type JobOutcome,
  type ListKeeper,
  keyed,
  keyedOrNull,
  type PendingEvent,
  queuedJob,
  withEvents,
} from '@podz/kit';
import { uploadIdOfFile } from '@podz/proto';
import type { MediaModels, MediaRecord, ProcessedAudio, StoredMedia } from './media-models';
import { listsMedia, MEDIA_MARKER, mediaByName, mediaList, nameKey, type MediaKind } from './media-lists';

/** Where a file is used: a show's cover, or an episode's audio or image. */
export interface MediaUse {
  kind: 'show' | 'episode';
  name: string;
  podcastId: string;
}

const MEDIA_PATH = '/media/';
/** Folders whose files are named by their upload (`audio/<id>.mp3`, `images/<id>.png`). */
const UPLOAD_FOLDER = /^(?:audio|images)\//;

/**
 * Uploaded files, so shows and episodes refer to media by id and never trust a client's URL; each
 * knows where it is used, and the library lists them for the MediaZ console.
 */
export class MediaLibrary {
  constructor(
    private readonly model: MediaModels['media'],
    private readonly storage: MediaModels['mediaStorage'],
    private readonly lists: ListKeeper<MediaRecord>,
  ) {}

  /** `id` is the id the file is named by (`images/<id>.png`), so a URL leads to its record by id. */
  async record(
    id: string,
    fields: Omit<MediaRecord, 'id' | 'createdAt' | 'updatedAt' | 'uses'>,
  ): Promise<MediaRecord> {
    const _id = new Types.ObjectId(id);
    const created = keyed((await this.model.create({ _id, ...fields, uses: {} })).toObject() as StoredMedia);
    await this.lists.placed(created.id, created);
    await this.count(created, 1);
    return created;
  }

  findById(id: string): Promise<MediaRecord | null> {
    return this.model.findById(new Types.ObjectId(id)).lean<StoredMedia>().then(keyedOrNull);
  }

  /** Notes that catalog is about to name the upload on a show or episode. */
  async markClaimed(id: string, at = new Date()): Promise<void> {
    await this.model.updateOne({ _id: new Types.ObjectId(id) }, { $set: { claimedAt: at } });
  }

  /** Keeps where an older upload's audio starts, measured the first time it was served. */
  async setAudioOffset(id: string, offset: number): Promise<void> {
    await this.model.updateOne(
      { _id: new Types.ObjectId(id), audioOffset: null },
      { $set: { audioOffset: offset } },
    );
  }

  /**
   * Records that `userId` (a show or episode) uses the file at `url`, or no longer does, and answers
   * whose upload that is. URLs not of an upload (a feed's artwork, the default cover) are nobody's
   * business here.
   */
  async setUse(url: string | null | undefined, userId: string, use: MediaUse | null): Promise<string | null> {
    if (!url?.startsWith(MEDIA_PATH)) return null;
    const key = url.slice(MEDIA_PATH.length);
    const change = use ? { $set: { [`uses.${userId}`]: use } } : { $unset: { [`uses.${userId}`]: '' } };
    const named = UPLOAD_FOLDER.test(key) ? uploadIdOfFile(key.slice(key.indexOf('/') + 1)) : undefined;
    // By id (the store's index); uploads recorded before files were named by their record's id, by key.
    // (An update that answers the record would need findAndModify, which the store only takes
    // without a projection; the outbox's fields are always left out of reads.)
    const byId = named ? { _id: new Types.ObjectId(named) } : null;
    let filter: { _id: Types.ObjectId } | { key: string } | null = null;
    if (byId && (await this.model.updateOne(byId, change)).matchedCount) filter = byId;
    else if ((await this.model.updateOne({ key }, change)).matchedCount) filter = { key };
    if (!filter) return null;
    const found = await this.model
      .findOne(filter)
      .select('uploadedBy')
      .lean<Pick<StoredMedia, 'uploadedBy'>>();
    return found?.uploadedBy ?? null;
  }

  /**
   * Queues a processed upload's job again (its rendition no longer fits its show); the rendition it
   * has is served until the new one replaces it. False while its job is queued or running (that
   * job reads the show's switch as it starts).
   */
  async processAgain(id: string): Promise<boolean> {
    const { modifiedCount } = await this.model.updateOne(
      { _id: new Types.ObjectId(id), 'job.state': { $in: ['done', 'failed'] } },
      { $set: { job: queuedJob() } },
    );
    return modifiedCount === 1;
  }

  /**
   * Deletes an unused file's record; false when it is gone or has come into use. The write only
   * matches the version read, so a use recorded in between wins.
   */
  async removeUnused(record: MediaRecord): Promise<boolean> {
    const { deletedCount } = await this.model.deleteOne({
      _id: new Types.ObjectId(record.id),
      updatedAt: record.updatedAt,
    });
    if (deletedCount !== 1) return false;
    await this.lists.placed(record.id, null);
    await this.count(record, -1);
    return true;
  }

  /** What one uploader's files take: bytes and how many. */
  async storageOf(uploadedBy: string): Promise<{ bytes: number; files: number }> {
    const kept = await this.storage.findById(uploadedBy).lean<{ bytes: number; files: number }>();
    return { bytes: kept?.bytes ?? 0, files: kept?.files ?? 0 };
  }

  /** One keyed `$inc` per upload or deletion (an upsert for a first upload). */
  private async count(record: MediaRecord, sign: 1 | -1): Promise<void> {
    await this.storage.updateOne(
      { _id: record.uploadedBy },
      { $inc: { bytes: sign * record.bytes, files: sign } },
      { upsert: true },
    );
  }

  /**
   * A page of the library, newest first: everything, or one uploader's; of a kind or both; by
   * name when searching for a name prefix.
   */
  page(
    kind: MediaKind | undefined,
    uploadedBy: string | undefined,
    search: string | undefined,
    page: number,
    limit: number,
  ): Promise<{ items: MediaRecord[]; total: number }> {
    const offset = (page - 1) * limit;
    const prefix = search ? nameKey(search) : undefined;
    return this.lists.page(
      () =>
        prefix
          ? this.lists.withPrefix(mediaByName(kind, uploadedBy), prefix, offset, limit, MEDIA_MARKER)
          : this.lists.descending(mediaList(kind, uploadedBy), offset, limit, MEDIA_MARKER),
      listsMedia(kind, uploadedBy),
      async () => {
        const filter = {
          ...(kind ? { kind } : {}),
          ...(uploadedBy ? { uploadedBy } : {}),
          ...(prefix ? { name: { $regex: `^${escapeRegex(prefix)}`, $options: 'i' } } : {}),
        };
        const [items, total] = await Promise.all([
          this.model
            .find(filter)
            .sort({ createdAt: -1, _id: -1 })
            .skip(offset)
            .limit(limit)
            .lean<StoredMedia[]>(),
          this.model.countDocuments(filter),
        ]);
        return { items: items.map(keyed), total };
      },
    );
  }
}

/** A finished processing job's outcome as the job worker writes it: what it made, with its events. */
export function processedUpdate(processed: ProcessedAudio, events: PendingEvent[]): JobOutcome {
  return withEvents({ $set: { processed } }, events);
}
