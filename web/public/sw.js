// PODZ's service worker: the app shell kept for offline use, and the episodes a listener kept for
// offline listening answered from Cache Storage, byte ranges included, so seeking works offline.
// Everything else (the API, sockets, feeds, other media) goes to the network untouched.
const SHELL_CACHE = 'podz-shell-v1';
// The player's offline copies (web/src/features/player/offline.ts puts them there).
const AUDIO_CACHE = 'podz-offline-audio';
// A premium copy's licence: `{ showId, userId, until }` (web/src/features/player/offline-licences.ts).
const LICENCE_CACHE = 'podz-offline-licences';
// A request with this header wants the network: the player fetching a file to keep.
const NETWORK_ONLY_HEADER = 'x-podz-network';

/** The page and the scripts and styles it names, so a reload offline still starts the app. */
async function keepShell() {
  const cache = await caches.open(SHELL_CACHE);
  const res = await fetch('/', { cache: 'no-cache' });
  if (!res.ok) return;
  const html = await res.clone().text();
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
  await cache.put('/', res);
  await cache.addAll([...new Set(assets), '/manifest.webmanifest', '/favicon.svg']);
}

self.addEventListener('install', (event) => {
  event.waitUntil(keepShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('podz-shell-') && name !== SHELL_CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` of a body of `size` bytes; null when it cannot be served. */
function rangeOf(header, size) {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const start = match[1] === '' ? Math.max(0, size - Number(match[2])) : Number(match[1]);
  const end = match[1] === '' || match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start <= end && start < size ? { start, end } : null;
}

/**
 * A premium copy whose licence the app has not renewed in time is dropped: the member's plan may
 * have ended while they were offline. Public copies have no licence.
 */
async function licenceRanOut(audioCache, url) {
  const licences = await caches.open(LICENCE_CACHE);
  const found = await licences.match(url, { ignoreSearch: true });
  if (!found) return false;
  const licence = await found.json().catch(() => null);
  if (licence && licence.until > Date.now()) return false;
  await Promise.all([
    audioCache.delete(url, { ignoreSearch: true }),
    licences.delete(url, { ignoreSearch: true }),
  ]);
  return true;
}

/** A kept episode's audio, whole or the range asked for; the network's when it is not kept. */
async function offlineAudio(request) {
  const cache = await caches.open(AUDIO_CACHE);
  const kept = await cache.match(request.url, { ignoreSearch: true });
  if (!kept) return fetch(request);
  if (await licenceRanOut(cache, request.url)) return fetch(request);
  const body = await kept.blob();
  const type = kept.headers.get('content-type') ?? 'audio/mpeg';
  const header = request.headers.get('range');
  if (!header) {
    return new Response(body, {
      status: 200,
      headers: { 'content-type': type, 'content-length': String(body.size), 'accept-ranges': 'bytes' },
    });
  }
  const range = rangeOf(header, body.size);
  if (!range) {
    return new Response(null, { status: 416, headers: { 'content-range': `bytes */${body.size}` } });
  }
  return new Response(body.slice(range.start, range.end + 1), {
    status: 206,
    headers: {
      'content-type': type,
      'content-length': String(range.end - range.start + 1),
      'content-range': `bytes ${range.start}-${range.end}/${body.size}`,
      'accept-ranges': 'bytes',
    },
  });
}

/** The network's page when there is one (and kept for next time), the kept shell when not. */
async function page(request) {
  try {
    return await fetch(request);
  } catch {
    const shell = await caches.match('/', { cacheName: SHELL_CACHE });
    return shell ?? Response.error();
  }
}

/** Hashed assets never change: the kept copy when there is one, else the network's, kept. */
async function asset(request) {
  const cache = await caches.open(SHELL_CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const res = await fetch(request);
  if (res.ok) {
    await cache.put(request, res.clone());
    await forgetOldest(cache);
  }
  return res;
}

// Each release's assets have new names and the old ones are never asked for again: the cache keeps
// the latest few hundred (keys come in the order they were put), a release or two of the app.
const ASSETS_KEPT = 400;

async function forgetOldest(cache) {
  const assets = (await cache.keys()).filter((key) => new URL(key.url).pathname.startsWith('/assets/'));
  const old = assets.slice(0, Math.max(0, assets.length - ASSETS_KEPT));
  await Promise.all(old.map((key) => cache.delete(key)));
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/media/audio/')) {
    if (!request.headers.has(NETWORK_ONLY_HEADER)) event.respondWith(offlineAudio(request));
    return;
  }
  if (request.mode === 'navigate') event.respondWith(page(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(asset(request));
});
