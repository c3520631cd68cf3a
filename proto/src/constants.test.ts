import { ACCESS_LABELS, ACCESS_VALUES } from './access-values';
import { EPISODE_CATEGORIES, categorySchema } from './categories';
import * as constants from './constants';

describe('business constants (spec §9)', () => {
  it('match the specification', () => {
    expect(constants.SHOWS_MENU_LIMIT).toBe(5);
    expect(constants.EPISODES_PAGE_SIZE).toBe(10);
    expect(constants.PODCAST_EPISODES_PAGE_SIZE).toBe(10);
    expect(constants.PAGINATION_ALL_PAGES_MAX).toBe(5);
    expect(constants.SIDEBAR_WIDTH).toEqual({ expanded: 72, collapsed: 20 });
    expect(constants.PAYMENT_BUTTON_DISABLED_OPACITY).toBe(0.38);
    expect(constants.PAYMENT_SDK_VERSION).toBe('3.84.0');
    expect(constants.SESSION_REFETCH_ON_WINDOW_FOCUS).toBe(true);
    expect(constants.BCRYPT_COST).toEqual({ default: 10, min: 4, max: 31 });
  });

  it.each([
    [undefined, 10],
    ['not a number', 10],
    [12, 12],
    ['12', 12],
    [3, 4],
    [-100, 4],
    [32, 31],
    [1000, 31],
    [10.9, 10],
  ])('clamps a bcrypt cost of %p to %p', (configured, expected) => {
    expect(constants.clampBcryptCost(configured as number | string | undefined)).toBe(expected);
  });
});

describe('roles and categories', () => {
  it('has the six access values of spec §6, with owner shown as podcaster', () => {
    expect(ACCESS_VALUES).toEqual(['admin', 'editor', 'user', 'owner', 'host', 'guest']);
    expect(ACCESS_LABELS.owner).toBe('podcaster');
  });

  it('has the twenty categories of spec §3', () => {
    expect(EPISODE_CATEGORIES).toHaveLength(20);
    expect(new Set(EPISODE_CATEGORIES).size).toBe(20);
    expect(categorySchema.safeParse('TV & film').success).toBe(true);
    expect(categorySchema.safeParse('Cooking').success).toBe(false);
  });
});
