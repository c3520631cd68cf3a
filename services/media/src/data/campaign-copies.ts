import { Schema, type Connection } from 'mongoose';
import { DEFAULT_AD_SETTINGS, type AdSettings, type CampaignStatus } from '@podz/proto';
import type { LiveCampaign } from '../insertion/campaign-choice';

/** A campaign as media keeps it from `ads.campaign.v1`: what decisions read, and its status. */
export type CampaignCopy = LiveCampaign & { status: CampaignStatus };

const campaignSchema = new Schema(
  {
    _id: String,
    status: { type: String, index: true },
    kind: String,
    advertiserCategory: String,
    promotesPodcastId: String,
    positions: [String],
    flight: { startsAt: Date, endsAt: Date },
    impressionGoal: Number,
    targeting: { type: Schema.Types.Mixed },
    caps: { perDay: Number, perWeek: Number },
    creativeIds: [String],
  },
  { collection: 'campaigns', versionKey: false, minimize: false },
);

const settingsSchema = new Schema(
  {
    _id: String,
    insertByDefault: Boolean,
    rule: { type: Schema.Types.Mixed },
  },
  { collection: 'ad_settings', versionKey: false },
);

const NETWORK = 'network';

/** The settings insertion decides by: the default for shows and the rule for breaks. */
export type InsertionSettings = Pick<AdSettings, 'insertByDefault' | 'rule'>;

/**
 * Media's copy of the ads service's campaigns and the network's insertion settings, from their
 * events (each the whole campaign or settings, set by key: a batch applied twice ends the same).
 * Decisions read the live ones: a network runs tens of campaigns at once, not a growing number,
 * and the status index finds them.
 */
export class CampaignCopies {
  private readonly campaigns;
  private readonly settings;

  constructor(db: Connection) {
    this.campaigns = db.model('CampaignCopy', campaignSchema);
    this.settings = db.model('AdSettingsCopy', settingsSchema);
  }

  init(): Promise<unknown> {
    return Promise.all([this.campaigns.init(), this.settings.init()]);
  }

  async save(campaign: CampaignCopy & { id: string }): Promise<void> {
    const { id, ...fields } = campaign;
    await this.campaigns.updateOne({ _id: id }, { $set: fields }, { upsert: true });
  }

  async remove(id: string): Promise<void> {
    await this.campaigns.deleteOne({ _id: id });
  }

  /** Campaigns set live whose flight has not ended. */
  async live(now: Date): Promise<(CampaignCopy & { id: string })[]> {
    const rows = await this.campaigns
      .find({ status: 'live', 'flight.endsAt': { $gt: now } })
      .lean<(CampaignCopy & { _id: string })[]>();
    return rows.map(({ _id, ...campaign }) => ({ ...campaign, id: _id }));
  }

  async saveSettings(settings: AdSettings): Promise<void> {
    const { insertByDefault, rule } = settings;
    await this.settings.updateOne({ _id: NETWORK }, { $set: { insertByDefault, rule } }, { upsert: true });
  }

  /** What decisions read of the network's settings; the defaults until media hears of them. */
  async adSettings(): Promise<InsertionSettings> {
    const stored = await this.settings.findById(NETWORK).lean<InsertionSettings>();
    const { insertByDefault, rule } = stored ?? DEFAULT_AD_SETTINGS;
    return { insertByDefault, rule };
  }
}
