import type { PageSlug } from '@podz/proto';
import type { PageContent } from '../data/page-content';

/** What each page says until an editor saves it: enough that a fresh network reads well. */
export const DEFAULT_PAGES: Record<PageSlug, PageContent> = {
  home: {
    title: 'PODZ',
    hero: {
      heading: 'Shows worth your commute',
      subheading: 'Browse the network, follow the shows you love and meet the people who make them.',
      cta: { label: 'Browse shows', href: '/shows' },
    },
    sections: [
      {
        heading: 'For listeners',
        body: "<p>Follow shows to find their new episodes in <b>My FAVZ</b>, and subscribe in any podcast app with the show's RSS feed.</p>",
      },
      {
        heading: 'For podcasters',
        body: '<p>Bring your show to PODZ: ask for podcaster access, import your existing feed or start from scratch, and invite your hosts and guests.</p>',
      },
    ],
    featuredShows: { mode: 'featured', podcastIds: [] },
  },
  about: {
    title: 'About PODZ',
    hero: null,
    sections: [
      {
        heading: 'Who we are',
        body: '<p>PODZ is an open network of independent podcasts. Owners run their shows, hosts and guests are credited on every episode, and every show has a standard feed that podcast apps read.</p>',
      },
      {
        heading: 'How it works',
        body: '<ul><li>Visitors browse shows, episodes and people.</li><li>Members follow shows, message each other and ask for access.</li><li>Podcasters publish; our editors keep the network tidy.</li></ul>',
      },
    ],
    featuredShows: null,
  },
  advertise: {
    title: 'Advertise on PODZ',
    hero: null,
    sections: [
      {
        heading: 'Reach engaged listeners',
        body: '<p>Sponsor a single show or a whole category. Tell us about your brand and budget with the form below and our team will answer within two working days.</p>',
      },
    ],
    featuredShows: null,
  },
  contact: {
    title: 'Contact us',
    hero: null,
    sections: [
      {
        heading: 'We read everything',
        body: '<p>Questions, feedback or a problem with your show? Send us a message and we will get back to you by email.</p>',
      },
    ],
    featuredShows: null,
  },
};
