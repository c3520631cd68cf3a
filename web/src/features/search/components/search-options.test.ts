import type { SearchResults } from '@podz/proto';
import { optionsOf } from './search-options';

const ID = (n: number) => `64b7f0c2a1b2c3d4e5f6071${n}`;

const results: SearchResults = {
  query: 'fog',
  page: 1,
  limit: 3,
  shows: {
    total: 1,
    items: [
      {
        id: ID(1),
        score: 3,
        uId: 'harbour-lights',
        name: ['Harbour ', 'Fog'],
        description: ['A show.'],
        logoPath: '/images/a.png',
        category: 'Arts',
        followerCount: 4,
        status: 'published',
      },
    ],
  },
  episodes: {
    total: 2,
    items: [
      {
        id: ID(2),
        score: 2,
        title: ['Lighthouses'],
        description: ['On a rock.'],
        show: { id: ID(1), uId: 'harbour-lights', name: 'Harbour Fog', logoPath: '/images/a.png' },
        publishedAt: '2026-11-20T09:00:00.000Z',
        status: 'published',
        transcript: { startSeconds: 90, text: ['The ', 'fog', ' signal.'] },
      },
      {
        id: ID(3),
        score: 1,
        title: ['Fog', ' horns'],
        description: [''],
        show: { id: ID(1), uId: 'harbour-lights', name: 'Harbour Fog', logoPath: '/images/a.png' },
        publishedAt: '2026-11-21T09:00:00.000Z',
        status: 'draft',
        transcript: null,
      },
    ],
  },
  people: {
    total: 1,
    items: [
      { id: ID(4), score: 1, username: 'fog.keeper', name: ['fog', '.keeper'], profilePicture: '/p.png' },
    ],
  },
};

describe('search suggestions', () => {
  it('link shows, episodes (at the transcript’s moment when that matched) and people, in that order', () => {
    expect(optionsOf(results).map((option) => [option.group, option.href])).toEqual([
      ['Shows', '/shows/harbour-lights'],
      ['Episodes', `/shows/harbour-lights/${ID(2)}?t=1m30s`],
      ['Episodes', `/shows/harbour-lights/${ID(3)}`],
      ['People', '/people/fog.keeper'],
    ]);
  });
});

describe('a result that is not public', () => {
  it('says so first, so its manager does not take it for what listeners see', () => {
    expect(optionsOf(results).map((option) => option.detail)).toEqual([
      'Arts',
      'Harbour Fog',
      'Draft · Harbour Fog',
      'Person',
    ]);
  });
});
