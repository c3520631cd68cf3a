import { Schema, type Connection, type Types } from 'mongoose';
import { outboxPlugin, type Keyed } from '@podz/kit';
import {
  AD_POSITIONS,
  CAMPAIGN_KINDS,
  CAMPAIGN_STATUSES,
  type AdPosition,
  type CampaignKind,
  type CampaignStatus,
  type Targeting,
} from '@podz/proto';

const creativeSchema = new Schema(
  {
    uploadId: { type: String, required: true },
    name: { type: String, required: true },
    url: { type: String, required: true },
    durationSeconds: { type: Number, required: true },
  },
  { _id: false },
);

/** Campaigns as admins and editors run them (proto `campaignSchema`). */
const campaignSchema = new Schema(
  {
    name: { type: String, required: true },
    advertiser: { type: String, required: true },
    advertiserCategory: { type: String, required: true },
    kind: { type: String, enum: CAMPAIGN_KINDS, required: true },
    promotesPodcastId: { type: String, default: null },
    positions: { type: [String], enum: AD_POSITIONS, required: true },
    flight: {
      startsAt: { type: Date, required: true },
      endsAt: { type: Date, required: true },
    },
    impressionGoal: { type: Number, default: null },
    cpmCents: { type: Number, required: true },
    // As the body states it (proto `targetingSchema`): lists of names and ids, read whole.
    targeting: { type: Schema.Types.Mixed, required: true },
    caps: {
      perDay: { type: Number, default: null },
      perWeek: { type: Number, default: null },
    },
    creatives: { type: [creativeSchema], default: [] },
    status: { type: String, enum: CAMPAIGN_STATUSES, default: 'draft' },
    createdBy: { type: String, required: true },
    // Deleted campaigns stay as tombstones until the relay has published their deletion.
    deletedAt: { type: Date, default: null, index: true },
  },
  { timestamps: true, collection: 'campaigns', minimize: false },
);
campaignSchema.plugin(outboxPlugin);

export interface StoredCreative {
  uploadId: string;
  name: string;
  url: string;
  durationSeconds: number;
}

export interface StoredCampaign {
  _id: Types.ObjectId;
  name: string;
  advertiser: string;
  advertiserCategory: string;
  kind: CampaignKind;
  promotesPodcastId: string | null;
  positions: AdPosition[];
  flight: { startsAt: Date; endsAt: Date };
  impressionGoal: number | null;
  cpmCents: number;
  targeting: Targeting;
  caps: { perDay: number | null; perWeek: number | null };
  creatives: StoredCreative[];
  status: CampaignStatus;
  createdBy: string;
  deletedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A campaign as use cases read it. */
export type CampaignRecord = Keyed<StoredCampaign>;

export function campaignModel(db: Connection) {
  return db.model('Campaign', campaignSchema);
}

export type CampaignModel = ReturnType<typeof campaignModel>;
