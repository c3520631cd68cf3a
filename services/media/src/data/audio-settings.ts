import { Schema, type Connection } from 'mongoose';
import { AUDIO_HOUSE, type AudioSettings } from '@podz/proto';

const SETTINGS_ID = 'audio';

const audioSettingsSchema = new Schema(
  {
    _id: { type: String, required: true },
    targetLufs: { type: Number, required: true },
    updatedBy: { type: String, default: null },
  },
  { timestamps: true, collection: 'media_settings', versionKey: false },
);

const settingsOf = (targetLufs: number): AudioSettings => ({
  targetLufs,
  targetLufsMono: targetLufs - AUDIO_HOUSE.monoOffsetLu,
  truePeakDb: AUDIO_HOUSE.truePeakDb,
});

/**
 * The network's loudness target, as admins set it: one document, read by key by each job when it
 * starts (so every instance's next job takes a change, with nothing cached to invalidate).
 */
export class AudioSettingsStore {
  private readonly model;

  constructor(db: Connection) {
    this.model = db.model('MediaSettings', audioSettingsSchema);
  }

  init() {
    return this.model.init();
  }

  async current(): Promise<AudioSettings> {
    const stored = await this.model.findById(SETTINGS_ID).lean<{ targetLufs: number }>();
    return settingsOf(stored?.targetLufs ?? AUDIO_HOUSE.targetLufsStereo);
  }

  async set(targetLufs: number, userId: string): Promise<AudioSettings> {
    await this.model.updateOne(
      { _id: SETTINGS_ID },
      { $set: { targetLufs, updatedBy: userId } },
      { upsert: true },
    );
    return settingsOf(targetLufs);
  }
}
