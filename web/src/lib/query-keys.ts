import type { QueryClient } from '@tanstack/react-query';

// Every TanStack Query key of the app, in one place: a key is written once, and what one screen's
// change makes stale elsewhere is said by a named helper below, not by a literal in a feature.
// Nothing here imports a schema, so the signed-in shell can take these keys without the hooks.

type Filter = object;

export const queryKeys = {
  me: ['me'] as const,
  people: {
    list: (userType: string, page: number, limit: number) => ['people', userType, page, limit] as const,
    search: (term: string) => ['people', 'search', term] as const,
    byName: (username: string) => ['people', 'name', username.toLowerCase()] as const,
  },
  shows: {
    all: ['shows'] as const,
    list: (params: Filter) => ['shows', 'list', params] as const,
    byId: (id: string) => ['shows', 'id', id] as const,
    byName: (name: string) => ['shows', 'name', name] as const,
    episodes: (podcastId: string, page: number) => ['shows', 'episodes', podcastId, page] as const,
    follow: (id: string) => ['shows', 'follow', id] as const,
    followedAll: ['shows', 'followed'] as const,
    followed: (page: number) => ['shows', 'followed', page] as const,
    managed: (filter: Filter) => ['shows', 'managed', filter] as const,
    ofPerson: (userId: string, role: string, page: number) =>
      ['shows', 'person', userId, role, page] as const,
  },
  myShows: {
    all: ['my-shows'] as const,
    page: (page: number) => ['my-shows', page] as const,
    everything: ['my-shows', 'all'] as const,
    upcoming: ['my-shows', 'upcoming'] as const,
    episodes: (podcastId: string, page: number) => ['my-shows', 'episodes', podcastId, page] as const,
  },
  listening: {
    continue: ['listening', 'continue'] as const,
    places: (episodeIds: string[]) => ['listening', 'places', episodeIds.join(',')] as const,
  },
  episodes: {
    all: ['episodes'] as const,
    one: (id: string) => ['episodes', id] as const,
    previous: (id: string, limit: number) => ['episodes', id, 'previous', limit] as const,
    guests: (id: string) => ['episodes', id, 'guests'] as const,
    latest: (limit: number) => ['episodes', 'latest', limit] as const,
    followed: ['episodes', 'followed'] as const,
    transcript: (jsonUrl: string) => ['episodes', 'transcript', jsonUrl] as const,
  },
  hosting: {
    all: ['hosting'] as const,
    invitations: (page: number) => ['hosting', 'invitations', page] as const,
    guestEpisodes: (userId: string, page: number) => ['hosting', 'guest-episodes', userId, page] as const,
  },
  search: {
    results: (params: Filter) => ['search', 'results', params] as const,
    suggestions: (term: string) => ['search', 'suggestions', term] as const,
  },
  analytics: {
    show: (id: string, range: Filter) => ['analytics', 'show', id, range] as const,
    episodes: (id: string) => ['analytics', 'episodes', id] as const,
    network: (range: Filter) => ['analytics', 'network', range] as const,
    statement: (id: string, month: string) => ['analytics', 'statement', id, month] as const,
    audience: ['analytics', 'audience'] as const,
    plays: (id: string, range: Filter) => ['analytics', 'plays', id, range] as const,
  },
  media: {
    all: ['media'] as const,
    page: (kind: string | undefined, search: string, page: number, limit: number) =>
      ['media', kind ?? 'any', search, page, limit] as const,
    storage: (userId: string) => ['media', 'storage', userId] as const,
    one: (id: string) => ['media', 'one', id] as const,
    waveform: (id: string) => ['waveform', id] as const,
    audioSettings: ['audio-settings'] as const,
  },
  ads: {
    settings: ['ads', 'settings'] as const,
    campaignsAll: ['ads', 'campaigns'] as const,
    campaigns: (page: number) => ['ads', 'campaigns', 'page', page] as const,
    campaign: (id: string) => ['ads', 'campaigns', 'one', id] as const,
    deliveries: (id: string) => ['ads', 'deliveries', id] as const,
    report: (token: string) => ['ads', 'report', token] as const,
    inventory: (query: string) => ['ads', 'inventory', query] as const,
  },
  content: {
    page: (slug: string) => ['content', 'page', slug] as const,
    versions: (slug: string) => ['content', 'page', slug, 'versions'] as const,
    formsAll: ['content', 'forms'] as const,
    forms: (kind: string | undefined, onlyNew: boolean, page: number) =>
      ['content', 'forms', kind ?? 'any', onlyNew, page] as const,
  },
  docs: {
    all: ['docs'] as const,
    list: ['docs', 'list'] as const,
    one: (slug: string) => ['docs', 'one', slug] as const,
  },
  pricingPlans: {
    all: ['pricing-plans'] as const,
    everyOne: ['pricing-plans', 'all'] as const,
  },
  billing: {
    all: ['billing'] as const,
    config: ['billing', 'config'] as const,
    paymentsAll: ['billing', 'payments'] as const,
    payments: (userId?: string) => ['billing', 'payments', userId ?? 'mine'] as const,
    subscription: (userId?: string) => ['billing', 'subscription', userId ?? 'mine'] as const,
  },
  users: {
    all: ['users', 'admin'] as const,
    page: (filter: Filter) => ['users', 'admin', 'page', filter] as const,
    activity: (id: string) => ['users', 'admin', 'activity', id] as const,
  },
  requests: {
    mine: (role: string) => ['requests', 'mine', role] as const,
    reviewAll: ['requests', 'review'] as const,
    review: (filter: Filter) => ['requests', 'review', filter] as const,
  },
  conversations: {
    all: ['conversations'] as const,
    thread: (conversationId: string) => ['conversations', 'thread', conversationId] as const,
  },
  notifications: {
    bell: ['notifications'] as const,
    preferences: ['notifications', 'preferences'] as const,
  },
  dashboard: {
    figures: ['dashboard', 'figures'] as const,
    daily: (days: number) => ['dashboard', 'daily', days] as const,
  },
};

/**
 * A show changed (created, edited, deleted, its cover replaced, a host answered): every public
 * list and page of shows, and the owner's own lists, read it again.
 */
export function showsChanged(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.shows.all }),
    client.invalidateQueries({ queryKey: queryKeys.myShows.all }),
  ]);
}

/** An episode changed too: its pages and the latest-episodes lists as well. */
export function episodesChanged(client: QueryClient): Promise<unknown> {
  return Promise.all([showsChanged(client), client.invalidateQueries({ queryKey: queryKeys.episodes.all })]);
}
