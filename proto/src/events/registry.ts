import type { EventDefinition } from './define-event';
import {
  CATALOG_EPISODE_EVENTS,
  CATALOG_PODCAST_EVENTS,
  CATALOG_PRIVATE_FEED_EVENTS,
} from './catalog-events';
import { IDENTITY_CONTACT_EVENTS, IDENTITY_USER_EVENTS } from './identity-user-events';
import { REQUEST_EVENTS } from './request-events';
import { CONTENT_PAGE_EVENTS, CONTENT_PLAN_EVENTS } from './content-events';
import { BROADCAST_EVENTS, CONVERSATION_EVENTS } from './conversation-events';
import { BILLING_PAYMENT_EVENTS, BILLING_SUBSCRIPTION_EVENTS } from './billing-events';
import { MEDIA_UPLOAD_EVENTS } from './media-events';
import { ADS_CAMPAIGN_EVENTS, ADS_SETTINGS_EVENTS } from './ads-events';

/**
 * Every event type PODZ publishes, by type. Each service issue adds its events here (one file per
 * aggregate under `events/`), so consumers and outside readers find them in one place and
 * `proto/EVENTS.md` lists them all.
 */
export const EVENT_DEFINITIONS: readonly EventDefinition[] = [
  ...IDENTITY_USER_EVENTS,
  ...IDENTITY_CONTACT_EVENTS,
  ...CATALOG_PODCAST_EVENTS,
  ...CATALOG_EPISODE_EVENTS,
  ...CATALOG_PRIVATE_FEED_EVENTS,
  ...REQUEST_EVENTS,
  ...CONVERSATION_EVENTS,
  ...BROADCAST_EVENTS,
  ...CONTENT_PAGE_EVENTS,
  ...CONTENT_PLAN_EVENTS,
  ...BILLING_PAYMENT_EVENTS,
  ...BILLING_SUBSCRIPTION_EVENTS,
  ...MEDIA_UPLOAD_EVENTS,
  ...ADS_CAMPAIGN_EVENTS,
  ...ADS_SETTINGS_EVENTS,
];

export function findEventDefinition(
  type: string,
  definitions: readonly EventDefinition[] = EVENT_DEFINITIONS,
): EventDefinition | undefined {
  return definitions.find((definition) => definition.type === type);
}
