import { Schema, type Connection, type InferSchemaType, type Types } from 'mongoose';
import { jobPlugin, outboxPlugin, type Keyed, type StoredJob } from '@podz/kit';
import type { Loudness, Silence } from '@podz/proto';

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
    // As read from the tag (`id3Chapters`, checked against proto's chapter schema), kept as they are.
    chapters: { type: [Schema.Types.Mixed], default: undefined },
    uploadedBy: { type: String, required: true, index: true },
    /**
     * Where the file is used, by the using show's or episode's id: `{ kind, name, podcastId }`.
     * Kept from catalog's show and episode events; a file with uses cannot be deleted.
     */
    uses: { type: Schema.Types.Mixed, default: () => ({}) },
    /**
     * When catalog last asked for the upload's facts, about to name it on a show or episode: until
     * media hears of that, its audio is held closed (`AudioAttributions.forGate`).
     */
    claimedAt: { type: Date, default: null },
    /** Audio: what its processing job made of it (`ProcessedAudio`), once done. */
    processed: { type: Schema.Types.Mixed, default: null },
  },
  { timestamps: true, collection: 'media', minimize: false },
);
// Audio uploads carry their processing job (kit's JobWorker runs it).
mediaSchema.plugin(jobPlugin);
// A finished job's event (the rendition made) is written with its outcome.
mediaSchema.plugin(outboxPlugin);

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

export type StoredMedia = Omit<InferSchemaType<typeof mediaSchema>, 'chapters' | 'processed'> & {
  _id: Types.ObjectId;
  chapters?: StoredChapter[] | null;
  processed?: ProcessedAudio | null;
  job?: StoredJob | null;
};

/** An upload as use cases read it. */
export type MediaRecord = Keyed<StoredMedia>;

/** What an audio upload's processing made: its measures, and the keys of what it stored. */
export interface ProcessedAudio {
  loudness: Loudness;
  rendition: {
    key: string;
    /** As served: the tag in front of it (`headBytes`), then the stored frames. */
    bytes: number;
    headBytes: number;
    bitrateKbps: number;
    durationSeconds: number;
    frames: number;
    targetLufs: number | null;
    loudness: Loudness;
  };
  waveformKey: string;
  framesKey: string;
  silences: Silence[];
}

/** The media library's collections: uploads, and what each uploader's files take. */
export function mediaModels(db: Connection) {
  return {
    media: db.model('Media', mediaSchema),
    mediaStorage: db.model('MediaStorage', mediaStorageSchema),
  };
}

export type MediaModels = ReturnType<typeof mediaModels>;
