import { pngCover, wavTone } from '../../services/media/src/uploads/generate-media';
import {
  DEMO_CREW,
  DEMO_GUESTS,
  DEMO_HOSTS,
  DEMO_OWNERS,
  DEMO_SHOWS,
  type DemoPerson,
  type DemoShow,
} from './network-data';
import { concurrently } from '../lib/concurrently';
import { fetchAgain } from '../lib/fetch-again';

/**
 * Seeds the demo network through the services' own APIs, as the people in it would: the admin
 * creates accounts, owners upload covers and audio and add shows and episodes, hosts accept their
 * invitations, and identity grants `host` and `guest` from catalog's events. Idempotent: people and
 * shows that exist are reused, so a second run adds nothing.
 */
export interface SeedOptions {
  identityUrl: string;
  catalogUrl: string;
  /** Where uploads go (media, or a gateway in front of everything). */
  mediaUrl: string;
  admin: { username: string; password: string };
  /** The password every demo person gets. */
  password: string;
  log?: (line: string) => void;
}

export interface SeedResult {
  shows: number;
  episodes: number;
  created: boolean;
}

interface Session {
  token: string;
}

const DAY = 24 * 3600 * 1000;
const SEED_CONCURRENCY = 4;

async function json(res: Response, what: string) {
  const body = res.status === 204 ? undefined : await res.json().catch(() => undefined);
  if (!res.ok) throw new Error(`${what}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** The password was refused: someone changed it, which a seed must respect rather than work around. */
export class SignInRefused extends Error {
  constructor(readonly login: string) {
    super(`${login} could not sign in with the demo password (changed since?)`);
  }
}

/**
 * Signs in through identity's NextAuth-shaped calls (straight to identity, or through the gateway,
 * which wants the site's Origin on a POST) and returns the session token.
 */
export async function signIn(identityUrl: string, login: string, password: string): Promise<Session> {
  const csrfRes = await fetch(`${identityUrl}/api/auth/csrf`);
  const { csrfToken } = (await json(csrfRes, 'csrf')) as { csrfToken: string };
  const cookie = csrfRes.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const res = await fetch(`${identityUrl}/api/auth/callback/credentials`, {
    method: 'POST',
    headers: {
      cookie,
      'content-type': 'application/x-www-form-urlencoded',
      origin: new URL(identityUrl).origin,
    },
    body: new URLSearchParams({ csrfToken, username: login, password, json: 'true', callbackUrl: '/' }),
  });
  if (res.status === 401) throw new SignInRefused(login);
  await json(res, `sign in as ${login}`);
  const session = res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith('podz.session-token='));
  if (!session) throw new Error(`sign in as ${login}: no session`);
  return { token: decodeURIComponent(session.slice('podz.session-token='.length)) };
}

const auth = (session: Session) => ({ authorization: `Bearer ${session.token}` });

/** Every call of the seed is sent once more when it got no answer at all (`fetchAgain`). */
const fetch = fetchAgain;

async function upload(
  mediaUrl: string,
  session: Session,
  kind: 'audio' | 'images',
  bytes: Buffer,
  name: string,
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${mediaUrl}/api/media/${kind}`, {
    method: 'POST',
    headers: auth(session),
    body: form,
  });
  return (await json(res, `upload ${name}`)) as { id: string; url: string };
}

/**
 * Catalog hears of new users through identity's events; on a loaded machine a new consumer group
 * has taken over 30 s to join, so the seed waits up to two minutes before giving up.
 */
async function retry<T>(what: string, attempt: () => Promise<T>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await attempt();
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`${what}: ${(err as Error).message}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

export async function seedDemoNetwork(options: SeedOptions): Promise<SeedResult> {
  const { identityUrl, catalogUrl, mediaUrl, password } = options;
  const log = options.log ?? (() => undefined);
  // Public reads first: a network already there needs nobody's password, whatever it was changed to.
  const existing = await Promise.all(
    DEMO_SHOWS.map(
      async (show) => (await fetch(`${catalogUrl}/api/podcasts/name/${encodeURIComponent(show.name)}`)).ok,
    ),
  );
  if (existing.every(Boolean)) {
    const counts = await json(await fetch(`${catalogUrl}/api/episodes?limit=1`), 'count episodes');
    return { shows: DEMO_SHOWS.length, episodes: (counts as { total: number }).total, created: false };
  }
  const admin = await signIn(identityUrl, options.admin.username, options.admin.password);

  const ids = new Map<string, string>();
  const ensurePerson = async (person: DemoPerson, role: 'owner' | 'user' | 'editor') => {
    const found = (await json(
      await fetch(`${identityUrl}/api/users?search=${encodeURIComponent(person.username)}&limit=10`, {
        headers: auth(admin),
      }),
      'find user',
    )) as { items: { id: string; username: string }[] };
    const match = found.items.find((user) => user.username === person.username);
    if (match) {
      ids.set(person.username, match.id);
      return;
    }
    const avatar = await upload(mediaUrl, admin, 'images', pngAvatarFor(person), `${person.username}.png`);
    const created = (await json(
      await fetch(`${identityUrl}/api/users/admin-added-user`, {
        method: 'POST',
        headers: { ...auth(admin), 'content-type': 'application/json' },
        body: JSON.stringify({
          username: person.username,
          email: `${person.username}@demo.podz.local`,
          password,
          role,
          access: role === 'owner' ? ['user', 'owner'] : ['user'],
          profilePicture: avatar.url,
          bio: person.bio,
        }),
      }),
      `create ${person.username}`,
    )) as { id: string };
    ids.set(person.username, created.id);
  };
  // Four at a time: each account and each sign-in is a bcrypt hash, and each show's uploads wait on
  // media, so a one-at-a-time seed leaves the cores idle for most of its minute.
  const people = [
    ...DEMO_OWNERS.map((person) => [person, 'owner'] as const),
    ...[...DEMO_HOSTS, ...DEMO_GUESTS].map((person) => [person, 'user'] as const),
    ...DEMO_CREW.map((person) => [person, 'editor'] as const),
  ];
  await concurrently(SEED_CONCURRENCY, people.length, async (n) => {
    const [person, role] = people[n]!;
    await ensurePerson(person, role);
  });
  log(`demo people ready (${ids.size})`);

  // The promise is kept, so shows seeded side by side sign their owner in once.
  const sessions = new Map<string, Promise<Session>>();
  const sessionOf = (username: string) => {
    if (!sessions.has(username)) sessions.set(username, signIn(identityUrl, username, password));
    return sessions.get(username)!;
  };

  let episodes = 0;
  await concurrently(SEED_CONCURRENCY, DEMO_SHOWS.length, async (index) => {
    if (existing[index]) return;
    const added = await seedShow(DEMO_SHOWS[index]!, index);
    episodes += added;
  });
  const total = (await json(await fetch(`${catalogUrl}/api/episodes?limit=1`), 'count episodes')) as {
    total: number;
  };
  log(`demo network seeded: ${DEMO_SHOWS.length} shows, ${episodes} new episodes`);
  return { shows: DEMO_SHOWS.length, episodes: total.total, created: true };

  async function seedShow(show: DemoShow, index: number): Promise<number> {
    const owner = await sessionOf(show.owner);
    const cover = await upload(
      mediaUrl,
      owner,
      'images',
      pngCover({ size: 600, seed: index + 1, colors: show.colors }),
      'cover.png',
    );
    // Catalog learns of new people from identity's events: wait until it knows the hosts and crew.
    const podcast = (await retry(`create ${show.name}`, async () =>
      json(
        await fetch(`${catalogUrl}/api/podcasts`, {
          method: 'POST',
          headers: { ...auth(owner), 'content-type': 'application/json' },
          body: JSON.stringify({
            name: show.name,
            category: show.category,
            description: show.description,
            logoId: cover.id,
            hostIds: show.hosts.map((host) => ids.get(host)!),
            crew: show.crew.map((credit) => ({ userId: ids.get(credit.person)!, role: credit.role })),
          }),
        }),
        `create ${show.name}`,
      ),
    )) as { id: string };
    for (const host of show.hosts) {
      await json(
        await fetch(`${catalogUrl}/api/podcasts/host-podcasts`, {
          method: 'PUT',
          headers: { ...auth(await sessionOf(host)), 'content-type': 'application/json' },
          body: JSON.stringify({ podcastId: podcast.id, status: 'confirmed' }),
        }),
        `${host} hosts ${show.name}`,
      );
    }
    if (show.featured) {
      await json(
        await fetch(`${catalogUrl}/api/podcasts/${podcast.id}`, {
          method: 'PUT',
          headers: { ...auth(admin), 'content-type': 'application/json' },
          body: JSON.stringify({ featured: true }),
        }),
        `feature ${show.name}`,
      );
    }
    for (const [number, title] of show.episodes.entries()) {
      const notes = show.notes.map((note, i) => Math.round(note * 2 ** (((number + i) % 3) / 12)));
      const audio = await upload(
        mediaUrl,
        owner,
        'audio',
        wavTone({ seconds: 6, notes }),
        `episode-${number + 1}.wav`,
      );
      const guest = DEMO_GUESTS[(index * 3 + number) % DEMO_GUESTS.length]!;
      await retry(`episode ${title}`, async () =>
        json(
          await fetch(`${catalogUrl}/api/episodes`, {
            method: 'POST',
            headers: { ...auth(owner), 'content-type': 'application/json' },
            body: JSON.stringify({
              podcastId: podcast.id,
              title,
              description: `<p>${title}: ${show.description.replace(/<[^>]+>/g, '')}</p>`,
              audioId: audio.id,
              season: 1,
              episode: number + 1,
              publishedAt: new Date(
                Date.now() - ((show.episodes.length - number) * 7 + index) * DAY,
              ).toISOString(),
              guestIds: number % 3 === 2 ? [] : [ids.get(guest.username)!],
              categories: [show.category],
            }),
          }),
          `episode ${title}`,
        ),
      );
    }
    return show.episodes.length;
  }
}

function pngAvatarFor(person: DemoPerson): Buffer {
  let seed = 0;
  for (const char of person.username) seed = (seed * 31 + char.charCodeAt(0)) >>> 0;
  return pngCover({ size: 256, seed, colors: person.colors });
}
