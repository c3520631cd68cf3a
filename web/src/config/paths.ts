/**
 * Every route of spec §2, in one place. `path` is the router pattern; `href` builds a link, so a
 * renamed route changes here and nowhere else.
 */
const fixed = <P extends string>(path: P) => ({ path, href: () => path });

export const paths = {
  // Public routes: top navigation bar, no side menu.
  home: fixed('/'),
  about: fixed('/about'),
  advertise: fixed('/advertise'),
  contact: fixed('/contact'),
  pricing: fixed('/pricing'),
  people: fixed('/people'),
  hosts: fixed('/people/hosts'),
  guests: fixed('/people/guests'),
  crew: fixed('/people/crew'),
  person: {
    path: '/people/:username',
    href: (username: string) => `/people/${encodeURIComponent(username)}`,
  },
  search: {
    path: '/search',
    href: (q?: string) => (q ? `/search?q=${encodeURIComponent(q)}` : '/search'),
  },
  shows: fixed('/shows'),
  show: {
    path: '/shows/:name',
    href: (name: string) => `/shows/${encodeURIComponent(name)}`,
  },
  episode: {
    path: '/shows/:name/:episodeId',
    href: (name: string, episodeId: string) =>
      `/shows/${encodeURIComponent(name)}/${encodeURIComponent(episodeId)}`,
  },

  // Session and access.
  login: fixed('/login'),
  register: fixed('/register'),
  // Where the links in PODZ's mails land.
  resetPassword: fixed('/reset-password'),
  verifyEmail: fixed('/verify-email'),
  unsubscribe: fixed('/unsubscribe'),
  accessDenied: fixed('/401'),
  accessRequest: fixed('/requests/access'),

  // Signed-in routes: side menu layout with a top action bar (spec §2 side menu table).
  dashboard: fixed('/dashboard'),
  myPodcasts: fixed('/mypodcasts'),
  profile: fixed('/profile'),
  settings: fixed('/settings'),
  pricingPlansEdit: fixed('/pricing-plans/edit'),
  landing: fixed('/landing'),
  userRequests: fixed('/users/requests'),
  users: fixed('/users'),
  messages: fixed('/messages'),
  hostRequests: fixed('/podcasts/requests'),
  guestPodz: fixed('/guest-podz'),
  podcasts: fixed('/podcasts'),
  podcastRequests: fixed('/podcast-requests'),
  addPodcast: { path: '/podcasts', href: () => '/podcasts?add=true' },
  // Reached from My PODZ and a show's page, not from the side menu (which stays as spec §2 has it).
  showAnalytics: {
    path: '/podcasts/:id/analytics',
    href: (id: string) => `/podcasts/${encodeURIComponent(id)}/analytics`,
  },
  mediaz: fixed('/mediaz'),
  documentation: fixed('/documentation'),
  podzManagement: fixed('/podz-management'),
  imageGallery: fixed('/image-gallery'),
  // Reached from the Dashboard and Page Content (the side menu stays as spec §2 has it).
  campaigns: fixed('/campaigns'),
  campaign: {
    path: '/campaigns/:id',
    href: (id: string) => `/campaigns/${encodeURIComponent(id)}`,
  },
  // The advertiser's signed, expiring link: no account.
  advertiserReport: {
    path: '/advertiser-report/:token',
    href: (token: string) => `/advertiser-report/${encodeURIComponent(token)}`,
  },
} as const;
