import { isoOrNull } from '@podz/kit';
import { type Page, type PageSlug } from '@podz/proto';
import type { PageVersionRecord } from '../data/page-model';

export function pageView(slug: PageSlug, version: PageVersionRecord): Page {
  return {
    slug,
    title: version.title,
    hero: version.hero,
    sections: version.sections,
    featuredShows: version.featuredShows,
    version: version.version,
    updatedBy: version.updatedBy,
    updatedAt: isoOrNull(version.updatedAt),
  };
}
