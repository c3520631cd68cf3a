import { ACCESS_VALUES } from '@podz/proto';
import { redirectFor } from '../../lib/route-access';
import { menuFor, roleBadges, SIDE_MENU, type MenuFacts } from './side-menu';

const none: MenuFacts = {
  newMessages: 0,
  hostsAShow: false,
  guestsAnEpisode: false,
  ownerRequestCheck: false,
};
const all: MenuFacts = { newMessages: 3, hostsAShow: true, guestsAnEpisode: true, ownerRequestCheck: true };
const labels = (access: string[], facts: MenuFacts) => menuFor(access, facts).map((entry) => entry.label);

describe('the side menu table (spec §2)', () => {
  it('gives each role exactly its entries, conditions met', () => {
    expect(labels(['admin'], all)).toEqual([
      'Dashboard',
      'Pricing',
      'Page Content',
      'User Requests',
      'Users',
      'Messages',
      'MediaZ',
      'Documentation',
      'PODZ Management',
      'Image Gallery',
    ]);
    expect(labels(['editor'], all)).toEqual(['Pricing', 'Page Content']);
    expect(labels(['user'], all)).toEqual([
      'My FAVZ',
      'Messages',
      'Host Requests',
      'My PODZ',
      'My Profile',
      'Settings',
    ]);
    expect(labels(['owner'], all)).toEqual([
      'My FAVZ',
      'Messages',
      'My PODZ',
      'My Profile',
      'MediaZ',
      'Settings',
      'Image Gallery',
    ]);
    expect(labels(['host'], all)).toEqual(['My FAVZ', 'Messages', 'Host Requests', 'My Profile', 'Settings']);
    expect(labels(['guest'], all)).toEqual(['My FAVZ', 'Messages', 'Guest PODZ', 'My Profile', 'Settings']);
  });

  it('offers each role only entries whose route admits it, and every entry to some role', () => {
    for (const value of ACCESS_VALUES) {
      for (const entry of menuFor([value], all)) {
        expect([value, entry.href, redirectFor(entry.href.split('?')[0] ?? '', [value])]).toEqual([
          value,
          entry.href,
          undefined,
        ]);
      }
    }
    for (const row of SIDE_MENU) expect([row.key, row.roles.length > 0]).toEqual([row.key, true]);
  });

  it('hides conditional entries whose condition does not hold', () => {
    expect(labels(['user', 'host', 'guest', 'owner'], none)).toEqual([
      'My FAVZ',
      'Messages',
      'My Profile',
      'MediaZ',
      'Settings',
      'Image Gallery',
    ]);
  });

  it('lists an entry once when several access values match', () => {
    const entries = labels(['user', 'owner', 'host', 'guest'], all);
    expect(new Set(entries).size).toBe(entries.length);
    expect(entries.filter((label) => label === 'Messages')).toHaveLength(1);
  });

  it('links My PODZ to /podcasts for owners, else to /podcast-requests', () => {
    const myPodz = (access: string[]) => menuFor(access, all).find((entry) => entry.key === 'my-podz')!.href;
    expect(myPodz(['user', 'owner'])).toBe('/podcasts');
    expect(myPodz(['user'])).toBe('/podcast-requests');
  });

  it('shows the Messages badge only above zero', () => {
    const messages = (facts: MenuFacts) =>
      menuFor(['user'], facts).find((entry) => entry.key === 'messages')!;
    expect(messages(all).badge).toBe(3);
    expect(messages(none).badge).toBeUndefined();
  });

  it('shows role badges, owner as podcaster', () => {
    expect(roleBadges(['user', 'owner', 'guest'])).toEqual(['user', 'podcaster', 'guest']);
    expect(roleBadges(['admin'])).toEqual([]);
  });
});
