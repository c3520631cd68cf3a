import { Schema, type Connection } from 'mongoose';
import { outboxPlugin } from '@podz/kit';

/** The network's insertion settings: one document (`_id` `network`), with its events. */
const adSettingsSchema = new Schema(
  {
    _id: { type: String, required: true },
    insertByDefault: { type: Boolean, required: true },
    rule: {
      preRoll: { type: Boolean, required: true },
      midRollAfter: { type: Number, default: null },
      postRoll: { type: Boolean, required: true },
    },
    ownerSharePercent: { type: Number, default: null },
  },
  { collection: 'ad_settings', timestamps: true },
);
adSettingsSchema.plugin(outboxPlugin);

export function adSettingsModel(db: Connection) {
  return db.model('AdSettings', adSettingsSchema);
}

export type AdSettingsModel = ReturnType<typeof adSettingsModel>;
