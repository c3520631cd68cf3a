import { z } from 'zod';
import { adSettingsSchema } from '../ads/ad-breaks';
import { campaignFieldsSchema } from '../ads/campaign-api';
import { objectIdSchema } from '../ids';
import { defineEvent } from './define-event';
import { TOPICS } from './topics';

const source = 'ads';
const CAMPAIGN = '64b7f0c2a1b2c3d4e5f60740';
const UPLOAD = '64b7f0c2a1b2c3d4e5f60741';

// Campaign events: key and subject = campaign id.
const campaignState = campaignFieldsSchema.extend({
  campaignId: objectIdSchema,
  /** The creatives' uploads, played in turn. */
  creativeIds: z.array(objectIdSchema),
});

export const campaignSaved = defineEvent({
  type: 'podz.ads.campaign.saved',
  topic: TOPICS.adsCampaign,
  source,
  description:
    "A campaign was created or changed (its status included): its whole state, which media's decisions read.",
  data: campaignState,
  example: {
    campaignId: CAMPAIGN,
    name: 'Spring mattresses',
    advertiser: 'Sleepwell',
    advertiserCategory: 'mattresses',
    kind: 'standard' as const,
    status: 'live' as const,
    promotesPodcastId: null,
    positions: ['pre' as const, 'mid' as const],
    flight: { startsAt: '2026-12-01T00:00:00.000Z', endsAt: '2026-12-31T00:00:00.000Z' },
    impressionGoal: 100_000,
    cpmCents: 2500,
    targeting: {
      showIds: [],
      categories: ['Science' as const],
      countries: ['GB'],
      apps: [],
      platforms: [],
      episodeMaxAgeDays: null,
    },
    caps: { perDay: 1, perWeek: 3 },
    creativeIds: [UPLOAD],
  },
});

export const campaignDeleted = defineEvent({
  type: 'podz.ads.campaign.deleted',
  topic: TOPICS.adsCampaign,
  source,
  description: 'A campaign was deleted: nothing more is decided for it; what it delivered stays counted.',
  data: z.object({ campaignId: objectIdSchema }),
  example: { campaignId: CAMPAIGN },
});

// Settings events: key and subject = `network`.
export const adSettingsChanged = defineEvent({
  type: 'podz.ads.settings.changed',
  topic: TOPICS.adsSettings,
  source,
  description:
    "Admins changed the network's insertion settings: the default for shows, and the rule for breaks.",
  data: adSettingsSchema,
  example: {
    insertByDefault: true,
    rule: { preRoll: true, midRollAfter: 0.4, postRoll: false },
    ownerSharePercent: 50,
  },
});

export const ADS_CAMPAIGN_EVENTS = [campaignSaved, campaignDeleted];
export const ADS_SETTINGS_EVENTS = [adSettingsChanged];
