import type { FEATURED_SHOWS_MODES } from '@podz/proto';

export interface FeaturedShows {
  mode: (typeof FEATURED_SHOWS_MODES)[number];
  podcastIds: string[];
}

/** What an editor writes on a page; everything else about a version is bookkeeping. */
export interface PageContent {
  title: string;
  hero: { heading: string; subheading: string; cta: { label: string; href: string } | null } | null;
  sections: { heading: string; body: string }[];
  featuredShows: FeaturedShows | null;
}
