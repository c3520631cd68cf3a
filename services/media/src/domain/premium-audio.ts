import { badRequest, forbidden, isAdmin, type AuthUser } from '@podz/kit';
import type { AudioAttribution } from './audio-attribution';
import type { MediaPorts } from './media-ports';
import { isPremiumNow } from '@podz/proto';
import { hearsPremium, type PremiumListener } from '@podz/read-models';

/** Who an audio file is being served to: anyone, or one listener entitled to a premium episode. */
export type AudioAudience = 'public' | 'member';

/**
 * The premium gate of `/media/audio/{file}`. A public file (no episode, a public episode, early
 * access whose time came) is anyone's, whatever the request carries; one being named on an episode
 * media has not heard of yet is no one's ('held'). A premium file answers a
 * private feed's signed key (`?k=`) for this show whose member's plan still unlocks it, or a
 * session of an admin, the show's team or such a member; anything else is a 403 (a malformed key
 * a 400). Every read here is keyed and kept for a second per instance (`PremiumGrants`).
 */
export async function audioAudience(
  deps: Pick<MediaPorts, 'grants' | 'tokens'>,
  attribution: AudioAttribution | null | 'held',
  request: { key?: unknown; user?: AuthUser | undefined },
  now = Date.now(),
): Promise<AudioAudience> {
  // Named on an episode media has not heard of in time: closed until it has.
  if (attribution === 'held')
    throw forbidden('This episode’s audio is not available yet; try again in a moment');
  const window = attribution?.premium ?? null;
  if (!attribution || !isPremiumNow(window, now)) return 'public';
  const members = `This episode is for members on ${window.plans.join(' or ')}`;
  const show = { team: attribution.team, plans: window.plans };
  const hears = (listener: PremiumListener) =>
    hearsPremium(listener, show, (userId) => deps.grants.entitlement(userId, now));
  if (request.key !== undefined) {
    if (typeof request.key !== 'string')
      throw badRequest('k must be one audio key', [{ path: 'k', message: 'not an audio key' }]);
    const check = deps.tokens.checkAudioKey(request.key, now);
    if (!check.ok && check.why === 'malformed') {
      throw badRequest('k is not an audio key', [{ path: 'k', message: 'not an audio key' }]);
    }
    if (!check.ok) {
      throw forbidden(
        check.why === 'expired'
          ? 'This audio link has expired; refresh your private feed'
          : 'This audio link is not valid',
      );
    }
    const feed = await deps.grants.feed(check.feedId, now);
    if (!feed || feed.podcastId !== attribution.show) throw forbidden('This audio link is not valid');
    if (feed.suspended) throw forbidden('This private feed was suspended by the show’s team');
    // A feed is its member's, admin or not: it hears what their plan or their place in the team allows.
    if (await hears({ userId: feed.userId, admin: false })) return 'member';
    throw forbidden(members);
  }
  const { user } = request;
  if (user && (await hears({ userId: user.id, admin: isAdmin(user) }))) return 'member';
  throw forbidden(members);
}
