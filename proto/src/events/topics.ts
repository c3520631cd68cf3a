/** One topic per aggregate, versioned (ARCHITECTURE §4). Key = aggregate id. */
export const TOPICS = {
  identityUser: 'identity.user.v1',
  /** Addresses, apart from the user topic that every service reads: only notifications consumes it. */
  identityContact: 'identity.contact.v1',
  catalogPodcast: 'catalog.podcast.v1',
  catalogEpisode: 'catalog.episode.v1',
  /** Members' private feeds of premium shows: what media needs to honour their audio links. */
  catalogPrivateFeed: 'catalog.private-feed.v1',
  requestsRequest: 'requests.request.v1',
  messagingConversation: 'messaging.conversation.v1',
  messagingBroadcast: 'messaging.broadcast.v1',
  contentPage: 'content.page.v1',
  contentPricingPlan: 'content.pricing-plan.v1',
  billingPayment: 'billing.payment.v1',
  billingSubscription: 'billing.subscription.v1',
  /** Uploads' lives beyond their upload: a rendition made. */
  mediaUpload: 'media.upload.v1',
  /** Campaigns, whole, for media's decisions and outside consumers. */
  adsCampaign: 'ads.campaign.v1',
  /** The network's insertion settings. */
  adsSettings: 'ads.settings.v1',
} as const;

export type Topic = (typeof TOPICS)[keyof typeof TOPICS];

/** Where a consumer parks an event its handler kept failing on. */
export function deadLetterTopic(topic: string): string {
  return `${topic}.dlq`;
}
