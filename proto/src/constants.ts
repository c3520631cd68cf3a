/** Business constants of spec §9. Every package reads them from here. */

/** Shows in the top navigation's Shows hover menu. */
export const SHOWS_MENU_LIMIT = 5;

/** Default page size of `GET /api/episodes`. */
export const EPISODES_PAGE_SIZE = 10;

/** Default page size of `GET /api/episodes/podcast-episodes`. */
export const PODCAST_EPISODES_PAGE_SIZE = 10;

/** Largest page size any list accepts, so one request cannot ask for a whole collection. */
export const MAX_PAGE_SIZE = 100;

/** Pagination lists every page up to this many pages, and a window with an ellipsis beyond. */
export const PAGINATION_ALL_PAGES_MAX = 5;

export const BCRYPT_COST = { default: 10, min: 4, max: 31 } as const;

/** Side menu width in Tailwind spacing units (`w-72` expanded, `w-20` collapsed). */
export const SIDEBAR_WIDTH = { expanded: 72, collapsed: 20 } as const;

export const PAYMENT_BUTTON_DISABLED_OPACITY = 0.38;

/** Version of the payment provider's client library the web app loads. */
export const PAYMENT_SDK_VERSION = '3.84.0';

/** The session is refetched when the window regains focus, by default. */
export const SESSION_REFETCH_ON_WINDOW_FOCUS = true;

/**
 * The bcrypt cost actually used for a configured value: a missing or non-numeric value gives the
 * default, and anything outside what bcrypt accepts is clamped into 4..31.
 */
export function clampBcryptCost(configured: number | string | undefined): number {
  const value = typeof configured === 'string' ? Number.parseInt(configured, 10) : configured;
  if (value === undefined || !Number.isFinite(value)) return BCRYPT_COST.default;
  return Math.min(BCRYPT_COST.max, Math.max(BCRYPT_COST.min, Math.trunc(value)));
}

/** What a client shows when a failed answer carries no `error` (spec §7, §8). */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong';
