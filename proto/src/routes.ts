import { SHOW_ADDERS, type Access } from './access-values';
import type { ServiceName } from './services';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call a route: anyone, anyone signed in, or holders of one of the listed access values. */
export type Policy = 'public' | 'signed-in' | readonly Access[];

/** Routes with a tighter per-IP limit than the global one. */
export type RateBucket = 'sign-in' | 'register' | 'client-log' | 'forms' | 'auth-mail' | 'search';

export interface RoutePolicy {
  method: HttpMethod;
  /** `:name` matches exactly one non-empty path segment. */
  path: string;
  service: ServiceName;
  policy: Policy;
  rateLimit?: RateBucket;
}

const route = (
  method: HttpMethod,
  path: string,
  service: ServiceName,
  policy: Policy,
  rateLimit?: RateBucket,
): RoutePolicy => ({ method, path, service, policy, ...(rateLimit ? { rateLimit } : {}) });

const OWNERS: readonly Access[] = ['owner', 'admin'];
const ADMINS: readonly Access[] = ['admin'];
/** Who may run or host a show; the service checks which shows. */
const SHOW_TEAM: readonly Access[] = ['owner', 'host', 'admin'];
const EDITORS: readonly Access[] = ['editor', 'admin'];

/**
 * Everything the gateway lets through to a service (spec §7), with who may call it. Under `/api`
 * the gateway is an allowlist: a path not listed is 404 and a listed path with another method is
 * 405, without reaching any service. Outside `/api`, listed paths (media, feeds) go to their
 * service and everything else to the web app. Every service applies the same table again (kit's
 * `tableAccess`, after authentication), and its use cases check ownership ("self or admin").
 */
export const API_ROUTES: readonly RoutePolicy[] = [
  // identity: sessions in NextAuth v4 shapes, registration
  route('GET', '/api/auth/csrf', 'identity', 'public'),
  route('GET', '/api/auth/providers', 'identity', 'public'),
  route('GET', '/api/auth/session', 'identity', 'public'),
  route('POST', '/api/auth/session', 'identity', 'public'),
  route('POST', '/api/auth/callback/credentials', 'identity', 'public', 'sign-in'),
  route('POST', '/api/auth/signout', 'identity', 'public'),
  route('POST', '/api/auth/_log', 'identity', 'public', 'client-log'),
  route('GET', '/api/auth/signin', 'identity', 'public'),
  route('GET', '/api/auth/error', 'identity', 'public'),
  route('POST', '/api/auth/register', 'identity', 'public', 'register'),
  route('POST', '/api/auth/signin/email', 'identity', 'public', 'auth-mail'),
  route('GET', '/api/auth/callback/email', 'identity', 'public', 'sign-in'),
  route('GET', '/api/auth/verify-request', 'identity', 'public'),
  route('POST', '/api/auth/password/forgot', 'identity', 'public', 'auth-mail'),
  route('POST', '/api/auth/password/reset', 'identity', 'public', 'sign-in'),
  route('GET', '/api/auth/verify-email', 'identity', 'public', 'sign-in'),
  route('POST', '/api/auth/verify-email', 'identity', 'signed-in', 'auth-mail'),
  // identity: users
  route('GET', '/api/user', 'identity', 'signed-in'),
  route('DELETE', '/api/user/sessions', 'identity', 'signed-in'),
  route('GET', '/api/users', 'identity', 'public'),
  route('GET', '/api/users/user-count', 'identity', 'public'),
  route('POST', '/api/users/admin-added-user', 'identity', ADMINS),
  route('PUT', '/api/users/admin-added-user', 'identity', ADMINS),
  route('GET', '/api/users/name/:username', 'identity', 'public'),
  route('GET', '/api/users/:id', 'identity', 'public'),
  route('PATCH', '/api/users/:id', 'identity', 'signed-in'),
  route('PATCH', '/api/users/:id/plan', 'identity', 'signed-in'),
  route('PUT', '/api/users/:id', 'identity', ADMINS),
  route('DELETE', '/api/users/:id', 'identity', 'signed-in'),
  // catalog: podcasts
  route('GET', '/api/podcasts', 'catalog', 'signed-in'),
  route('POST', '/api/podcasts', 'catalog', SHOW_ADDERS),
  route('GET', '/api/podcasts/public', 'catalog', 'public'),
  route('GET', '/api/podcasts/public/host-podcasts', 'catalog', 'public'),
  route('GET', '/api/podcasts/host-podcasts', 'catalog', 'signed-in'),
  route('PUT', '/api/podcasts/host-podcasts', 'catalog', 'signed-in'),
  route('PATCH', '/api/podcasts/host-podcasts', 'catalog', 'signed-in'),
  route('GET', '/api/podcasts/all-podcasts', 'catalog', 'public'),
  route('POST', '/api/podcasts/all-podcasts', 'catalog', ADMINS),
  route('POST', '/api/podcasts/rss-link', 'catalog', OWNERS),
  route('GET', '/api/podcasts/followed', 'catalog', 'signed-in'),
  route('GET', '/api/podcasts/followed/:id', 'catalog', 'signed-in'),
  route('GET', '/api/podcasts/name/:name', 'catalog', 'public'),
  route('GET', '/api/podcasts/:id', 'catalog', 'public'),
  route('PUT', '/api/podcasts/:id', 'catalog', 'signed-in'),
  route('DELETE', '/api/podcasts/:id', 'catalog', 'signed-in'),
  route('GET', '/api/podcasts/:id/follow', 'catalog', 'signed-in'),
  route('PATCH', '/api/podcasts/:id/follow', 'catalog', 'signed-in'),
  // catalog: premium listening; the private feed's token is its own credential (docs/payments.md)
  route('GET', '/api/podcasts/:id/premium', 'catalog', 'signed-in'),
  route('POST', '/api/podcasts/:id/private-feed', 'catalog', 'signed-in'),
  route('POST', '/api/podcasts/:id/private-feed/reset', 'catalog', 'signed-in'),
  route('GET', '/api/podcasts/:id/premium-members', 'catalog', SHOW_TEAM),
  route('GET', '/api/private-feeds', 'catalog', 'signed-in'),
  route('PATCH', '/api/private-feeds/:id', 'catalog', SHOW_TEAM),
  route('POST', '/api/private-feeds/:id/reset', 'catalog', SHOW_TEAM),
  route('GET', '/feeds/:token/feed.xml', 'catalog', 'public'),
  // catalog: episodes
  route('GET', '/api/episodes', 'catalog', 'public'),
  route('GET', '/api/episodes/public/guest-podcasts', 'catalog', 'public'),
  route('GET', '/api/episodes/podcast-episodes', 'catalog', 'public'),
  route('GET', '/api/episodes/by-ids', 'catalog', 'public'),
  route('GET', '/api/episodes/upcoming', 'catalog', OWNERS),
  route('GET', '/api/episodes/followed', 'catalog', 'signed-in'),
  route('GET', '/api/episodes/:id', 'catalog', 'public'),
  route('PUT', '/api/episodes/:id', 'catalog', 'signed-in'),
  route('DELETE', '/api/episodes/:id', 'catalog', 'signed-in'),
  route('GET', '/api/episodes/:id/prevEpisodes', 'catalog', 'public'),
  route('GET', '/api/episodes/:id/guests', 'catalog', 'public'),
  route('POST', '/api/episodes', 'catalog', OWNERS),
  route('POST', '/api/episodes/:id/transcript', 'catalog', OWNERS),
  route('PUT', '/api/episodes/:id/transcript', 'catalog', OWNERS),
  route('DELETE', '/api/episodes/:id/transcript', 'catalog', OWNERS),
  route('PUT', '/api/episodes/:id/chapters', 'catalog', OWNERS),
  route('PUT', '/api/episodes/:id/ad-breaks', 'catalog', OWNERS),
  // ads: campaigns, and the network's insertion settings
  route('GET', '/api/ads/campaigns', 'ads', EDITORS),
  route('POST', '/api/ads/campaigns', 'ads', EDITORS),
  route('GET', '/api/ads/campaigns/:id', 'ads', EDITORS),
  route('PUT', '/api/ads/campaigns/:id', 'ads', EDITORS),
  route('DELETE', '/api/ads/campaigns/:id', 'ads', EDITORS),
  route('GET', '/api/ads/settings', 'ads', 'signed-in'),
  route('PUT', '/api/ads/settings', 'ads', ADMINS),
  // media: uploads, and what they become on the site
  // Episodes' audio, and campaigns' creatives.
  route('POST', '/api/media/audio', 'media', ['owner', 'editor', 'admin']),
  route('POST', '/api/media/images', 'media', 'signed-in'),
  route('GET', '/api/media', 'media', OWNERS),
  route('GET', '/api/media/storage', 'media', OWNERS),
  route('GET', '/api/media/audio-settings', 'media', OWNERS),
  route('PUT', '/api/media/audio-settings', 'media', ADMINS),
  route('GET', '/api/media/:id', 'media', OWNERS),
  route('DELETE', '/api/media/:id', 'media', OWNERS),
  route('GET', '/media/audio/:file', 'media', 'public'),
  route('GET', '/media/images/:file', 'media', 'public'),
  route('GET', '/media/waveforms/:file', 'media', 'public'),
  route('GET', '/media/transcripts/:file', 'media', 'public'),
  route('GET', '/media/chapters/:file', 'media', 'public'),
  route('GET', '/media/inserted/:file', 'media', 'public'),
  route('GET', '/shows/:uId/feed.xml', 'catalog', 'public'),
  route('GET', '/oembed', 'catalog', 'public'),
  // requests
  route('GET', '/api/requests', 'requests', ADMINS),
  route('POST', '/api/requests', 'requests', 'signed-in'),
  route('GET', '/api/requests/single-request', 'requests', 'signed-in'),
  route('POST', '/api/requests/single-request', 'requests', 'signed-in'),
  route('GET', '/api/requests/user', 'requests', 'signed-in'),
  route('PUT', '/api/requests/user', 'requests', 'signed-in'),
  route('PUT', '/api/requests/:id', 'requests', ADMINS),
  route('DELETE', '/api/requests/:id', 'requests', 'signed-in'),
  // messaging
  route('GET', '/api/conversations', 'messaging', 'signed-in'),
  route('POST', '/api/conversations', 'messaging', 'signed-in'),
  route('GET', '/api/conversations/count', 'messaging', 'signed-in'),
  route('POST', '/api/conversations/admin', 'messaging', ADMINS),
  route('POST', '/api/conversations/:id', 'messaging', 'signed-in'),
  route('PUT', '/api/conversations/:id', 'messaging', 'signed-in'),
  route('GET', '/api/conversations/:id', 'messaging', 'signed-in'),
  route('GET', '/api/conversations/:id/messages', 'messaging', 'signed-in'),
  // analytics: per-day counters kept from the domain events
  route('GET', '/api/stats/daily', 'analytics', ADMINS),
  // analytics: downloads by the IAB rules, for a show's owner and hosts (checked per show) and admins
  route('GET', '/api/analytics/network', 'analytics', ADMINS),
  // analytics: the network's audience for the /advertise page
  route('GET', '/api/analytics/audience', 'analytics', 'public'),
  route('GET', '/api/analytics/shows/:id', 'analytics', SHOW_TEAM),
  route('GET', '/api/analytics/shows/:id/episodes', 'analytics', SHOW_TEAM),
  route('GET', '/api/analytics/shows/:id/export.csv', 'analytics', SHOW_TEAM),
  route('GET', '/api/analytics/episodes/:id', 'analytics', SHOW_TEAM),
  // analytics: plays PODZ's own players confirm (a beacon from any listener), and a show's of them
  route('POST', '/api/analytics/plays', 'analytics', 'public'),
  route('GET', '/api/analytics/shows/:id/plays', 'analytics', SHOW_TEAM),
  // listening: a member's place in each episode, saved while playing, and their queue (own only)
  route('GET', '/api/listening/positions', 'listening', 'signed-in'),
  route('PUT', '/api/listening/positions/:episodeId', 'listening', 'signed-in'),
  route('POST', '/api/listening/positions/:episodeId', 'listening', 'signed-in'),
  route('GET', '/api/listening/continue', 'listening', 'signed-in'),
  route('GET', '/api/listening/queues/:userId', 'listening', 'signed-in'),
  route('PUT', '/api/listening/queues/:userId', 'listening', 'signed-in'),
  // analytics: a show's monthly statement of ads delivered and earned (its owner and admins: checked per show)
  route('GET', '/api/analytics/shows/:id/statement', 'analytics', SHOW_TEAM),
  // analytics: ads delivered by the IAB rules, for those who run campaigns; the advertiser's
  // report by its signed, expiring link (the token is the permission)
  route('GET', '/api/analytics/campaigns/:id', 'analytics', EDITORS),
  route('GET', '/api/analytics/campaigns/:id/export.csv', 'analytics', EDITORS),
  route('POST', '/api/analytics/campaigns/:id/report-link', 'analytics', EDITORS),
  route('GET', '/api/analytics/inventory', 'analytics', EDITORS),
  route('GET', '/api/analytics/reports/:token', 'analytics', 'public'),
  // billing: PayPal orders made and captured on the server, the subscriptions they start; PayPal's
  // webhooks (verified with PayPal)
  route('GET', '/api/billing/config', 'billing', 'public'),
  route('POST', '/api/billing/orders', 'billing', 'signed-in'),
  route('POST', '/api/billing/orders/:orderId/capture', 'billing', 'signed-in'),
  route('GET', '/api/billing/payments', 'billing', 'signed-in'),
  route('GET', '/api/billing/subscription', 'billing', 'signed-in'),
  route('DELETE', '/api/billing/subscription', 'billing', 'signed-in'),
  route('POST', '/api/billing/webhooks/paypal', 'billing', 'public'),
  // notifications: the bell and its preferences; unsubscribing works without a session (the token
  // in the mail's link is signed), from the web page or a mail app's one-click POST (RFC 8058).
  route('GET', '/api/notifications', 'notifications', 'signed-in'),
  route('POST', '/api/notifications/read', 'notifications', 'signed-in'),
  route('POST', '/api/notifications/read-all', 'notifications', 'signed-in'),
  route('GET', '/api/notifications/preferences', 'notifications', 'signed-in'),
  route('PUT', '/api/notifications/preferences', 'notifications', 'signed-in'),
  route('POST', '/api/notifications/unsubscribe', 'notifications', 'public'),
  // search: shows, episodes and people as any visitor sees them
  route('GET', '/api/search', 'search', 'public', 'search'),
  // content: page content, forms, pricing plans, documentation
  route('GET', '/api/content/pages/:slug', 'content', 'public'),
  route('PUT', '/api/content/pages/:slug', 'content', EDITORS),
  route('GET', '/api/content/pages/:slug/versions', 'content', EDITORS),
  route('POST', '/api/content/pages/:slug/versions/:version/restore', 'content', EDITORS),
  route('POST', '/api/content/forms/contact', 'content', 'public', 'forms'),
  route('POST', '/api/content/forms/advertise', 'content', 'public', 'forms'),
  route('GET', '/api/content/forms', 'content', ADMINS),
  route('PATCH', '/api/content/forms/:id', 'content', ADMINS),
  route('DELETE', '/api/content/forms/:id', 'content', ADMINS),
  route('GET', '/api/pricing-plans', 'content', 'public'),
  route('POST', '/api/pricing-plans', 'content', EDITORS),
  route('GET', '/api/pricing-plans/all', 'content', EDITORS),
  route('PUT', '/api/pricing-plans/:id', 'content', EDITORS),
  route('DELETE', '/api/pricing-plans/:id', 'content', EDITORS),
  route('GET', '/api/docs', 'content', ADMINS),
  route('POST', '/api/docs/preview', 'content', ADMINS),
  route('GET', '/api/docs/:slug', 'content', ADMINS),
  route('PUT', '/api/docs/:slug', 'content', ADMINS),
  route('DELETE', '/api/docs/:slug', 'content', ADMINS),
];
