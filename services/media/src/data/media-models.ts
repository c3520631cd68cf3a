import { Schema, type Connection, type InferSchemaType, type Types } from 'mongoose';

/** A chapter as an uploaded MP3's ID3v2 tag carries it (`CHAP` frames). */
const chapter = new Schema(
  {
    startTime: { type: Number, required: true },
    title: { type: String, required: true },
    url: String,
    img: String,
  },
  { _id: false },
);

const mediaSchema = new Schema(
  {
    kind: { type: String, enum: ['audio', 'image'], required: true },
    /** The file's name as uploaded, for people to recognize it. */
    name: { type: String, default: '' },
    key: { type: String, required: true, unique: true },
    type: { type: String, required: true },
    bytes: { type: Number, required: true },
    durationSeconds: { type: Number, default: null },
    /** Audio: the byte its sound starts at (after an ID3v2 tag); null for uploads older than it. */
    audioOffset: { type: Number, default: null },
    /** Audio: the chapters its ID3v2 tag carries (`CHAP` frames), which episodes using it take. */
    chapters: { type: [chapter], default: undefined },
    uploadedBy: { type: String, required: true, index: true },
    /**
     * Where the file is used, by the using show's or episode's id: `{ kind, name, podcastId }`.
     * Kept from catalog's show and episode events; a file with uses cannot be deleted.
     */
    uses: { type: Schema.Types.Mixed, default: () => ({}) },
  },
  { timestamps: true, collection: 'media', minimize: false },
);

/** What each uploader's files take, kept with every upload and deletion (`_id`: the uploader's id). */
const mediaStorageSchema = new Schema(
  {
    _id: { type: String, required: true },
    bytes: { type: Number, default: 0 },
    files: { type: Number, default: 0 },
  },
  { collection: 'media_storage', versionKey: false },
);

// A chapter as read back (`lean`): plain objects, not mongoose's document arrays.
export interface StoredChapter {
  startTime: number;
  title: string;
  url?: string | null;
  img?: string | null;
}

export type MediaRecord = Omit<InferSchemaType<typeof mediaSchema>, 'chapters'> & {
  _id: Types.ObjectId;
  chapters?: StoredChapter[] | null;
};

/** The media library's collections: uploads, and what each uploader's files take. */
export function mediaModels(db: Connection) {
  return {
    media: db.model('Media', mediaSchema),
    mediaStorage: db.model('MediaStorage', mediaStorageSchema),
  };
}

export type MediaModels = ReturnType<typeof mediaModels>;
