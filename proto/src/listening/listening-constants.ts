// Without schemas, so the web app's first load can read them without zod.

/**
 * Where a member is in each episode, and what they mean to hear next: the listening service.
 * Positions are kept for members only (a visitor's stay in their browser); a position at most
 * `PLAYED_WITHIN_SECONDS` from the end, or reported as ended, marks the episode played.
 */
export const PLAYED_WITHIN_SECONDS = 15;
/** How often the player saves the position while playing (and on pause, and on leaving the page). */
export const POSITION_SAVE_EVERY_SECONDS = 15;
/** The longest episode a position may be in: a day. Anything beyond is not a position. */
export const POSITION_MAX_SECONDS = 24 * 60 * 60;
/** At most this many episodes per `GET /api/listening/positions`: a long list's worth. */
export const POSITIONS_QUERY_MAX = 100;
/** "Continue listening" shows at most this many episodes, newest first. */
export const CONTINUE_LISTENING_MAX = 20;
export const CONTINUE_LISTENING_DEFAULT = 8;
/** How many recently heard episodes a member's list keeps (what Continue listening reads). */
export const RECENT_PLACES_KEPT = 50;
/** A queue holds at most this many episodes. */
export const QUEUE_MAX = 200;

/**
 * The site's own player names itself on the audio it asks for (`?player=podz-web`): analytics then
 * counts its listeners as the app "PODZ web", by the same IAB rules as any app.
 */
export const SITE_PLAYER_PARAM = { name: 'player', value: 'podz-web' } as const;
