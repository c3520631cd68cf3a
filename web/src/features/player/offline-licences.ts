import { apiFetch, ApiFailure } from '../../lib/api-client';

/**
 * A member's premium episode kept for offline comes with a licence: whose copy it is, the show
 * whose plans unlock it, and until when it may play without the app asking again. The app renews
 * it while the member's plan includes the show and drops the copy as soon as it does not, or when
 * someone else (or no one) is signed in; offline, the service worker refuses a copy whose licence
 * ran out (public/sw.js reads this cache too).
 */
export const OFFLINE_LICENCE_CACHE = 'podz-offline-licences';

/** How long a premium copy plays offline without the app confirming the member's plan. */
export const PREMIUM_OFFLINE_DAYS = 7;

interface Licence {
  showId: string;
  userId: string;
  /** Epoch milliseconds. */
  until: number;
}

const canKeep = () => typeof caches !== 'undefined';
const licenceFor = (showId: string, userId: string, now = Date.now()): Licence => ({
  showId,
  userId,
  until: now + PREMIUM_OFFLINE_DAYS * 24 * 3600 * 1000,
});

async function putLicence(cache: Cache, audioUrl: string, licence: Licence): Promise<void> {
  await cache.put(
    audioUrl,
    new Response(JSON.stringify(licence), { headers: { 'content-type': 'application/json' } }),
  );
}

/** Gives a premium copy just kept its licence. */
export async function licenceCopy(audioUrl: string, showId: string, userId: string): Promise<void> {
  await putLicence(await caches.open(OFFLINE_LICENCE_CACHE), audioUrl, licenceFor(showId, userId));
}

/** Drops a copy and its licence, if any. */
export async function dropCopy(audioCache: Cache, audioUrl: string): Promise<void> {
  await Promise.all([
    audioCache.delete(audioUrl),
    canKeep() ? caches.open(OFFLINE_LICENCE_CACHE).then((cache) => cache.delete(audioUrl)) : undefined,
  ]);
}

/** Whether the member may still hear the show's premium episodes; null when the network cannot say. */
async function entitled(showId: string): Promise<boolean | null> {
  try {
    return (await apiFetch<{ entitled: boolean }>(`/api/podcasts/${showId}/premium`)).entitled;
  } catch (error) {
    if (error instanceof ApiFailure && (error.status === 401 || error.status === 404)) return false;
    return null;
  }
}

/**
 * Reviews every licensed copy for the member now signed in (`userId`, or none): renews those
 * their plan still unlocks, drops the rest. A show the network cannot answer for keeps its copies
 * until their licence runs out. Resolves to how many copies were dropped.
 */
export async function reviewPremiumCopies(audioCache: string, userId: string | undefined): Promise<number> {
  if (!canKeep() || !(await caches.has(OFFLINE_LICENCE_CACHE))) return 0;
  const licences = await caches.open(OFFLINE_LICENCE_CACHE);
  const copies = await caches.open(audioCache);
  const answers = new Map<string, Promise<boolean | null>>();
  let dropped = 0;
  for (const request of await licences.keys()) {
    const licence = (await (await licences.match(request))?.json()) as Licence | undefined;
    const mine = licence !== undefined && userId !== undefined && licence.userId === userId;
    let allowed: boolean | null = false;
    if (mine) {
      if (!answers.has(licence.showId)) answers.set(licence.showId, entitled(licence.showId));
      allowed = (await answers.get(licence.showId)) ?? null;
    }
    if (allowed === false) {
      await dropCopy(copies, request.url);
      dropped += 1;
    } else if (allowed && licence) {
      await putLicence(licences, request.url, licenceFor(licence.showId, licence.userId));
    }
  }
  return dropped;
}
