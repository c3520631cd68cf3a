import { Types } from 'mongoose';
import { findInIdOrder, type ListFamily, keyed, keyedOrNull } from '@podz/kit';
import type { MediaModels, MediaRecord, StoredMedia } from './media-models';

export type MediaKind = 'audio' | 'image';

/** Every upload, newest first, of a kind or both; and each uploader's own. */
export const mediaList = (kind: MediaKind | undefined, uploadedBy?: string) =>
  uploadedBy ? `media:user:${uploadedBy}:${kind ?? 'any'}` : `media:${kind ?? 'any'}`;

/** The same by file name (ties in name order): a name-prefix search. */
export const mediaByName = (kind: MediaKind | undefined, uploadedBy?: string) =>
  `${mediaList(kind, uploadedBy)}:by-name`;

/** How a file name sorts and is searched: lowercased. */
export const nameKey = (name: string | null | undefined) => (name ?? '').toLowerCase();

/** The marker of the family: the per-uploader lists are built with the rest. */
export const MEDIA_MARKER = mediaList(undefined);

export const listsMedia = (kind: MediaKind | undefined, uploadedBy?: string) => (record: MediaRecord) =>
  (!kind || record.kind === kind) && (!uploadedBy || record.uploadedBy === uploadedBy);

/**
 * The media library's lists. Uploads are placed after each write (recorded, deleted); there are
 * no media events, so a placing that fails marks the family unbuilt and the next read rebuilds it.
 */
export function mediaFamily(model: MediaModels['media']): ListFamily<MediaRecord> {
  return {
    name: 'media',
    lists: [undefined, 'audio', 'image'].flatMap((kind) => [
      mediaList(kind as MediaKind | undefined),
      mediaByName(kind as MediaKind | undefined),
    ]),
    placements: (record) => {
      const score = new Date(record.createdAt).getTime();
      const kind = record.kind as MediaKind;
      return [undefined, kind].flatMap((k) => [
        { list: mediaList(k), score },
        { list: mediaList(k, record.uploadedBy), score },
        { list: mediaByName(k), score: 0 },
        { list: mediaByName(k, record.uploadedBy), score: 0 },
      ]);
    },
    sortKey: (record) => nameKey(record.name),
    findById: (id) => model.findById(new Types.ObjectId(id)).lean<StoredMedia>().then(keyedOrNull),
    findByIds: (ids) => findInIdOrder<StoredMedia>(model, ids),
    forEach: async (visit) => {
      for await (const record of model.find().lean<StoredMedia[]>().cursor())
        await visit(keyed(record as StoredMedia));
    },
  };
}
