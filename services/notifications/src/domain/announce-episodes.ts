import type { EventData, episodeCreated } from '@podz/proto';
import { notify } from './deliver';
import type { NotificationsDeps } from './notifications-deps';

/** How many followers are told at once while a new episode is announced. */
const FOLLOWERS_AT_ONCE = 8;

async function inGroups<T>(items: T[], size: number, each: (item: T) => Promise<void>): Promise<void> {
  for (let start = 0; start < items.length; start += size) {
    await Promise.all(items.slice(start, start + size).map(each));
  }
}

type Episode = EventData<typeof episodeCreated>;

/**
 * A batch of episode events, each announced (see `announceEpisode`) unless its show has never had
 * a follower: one read for the batch spares one per episode when most shows have none (a network's
 * history read from the start, or an import).
 */
export async function announceEpisodes(deps: NotificationsDeps, episodes: Episode[]): Promise<void> {
  const published = episodes.filter((episode) => episode.status === 'published');
  const unfollowed = await deps.shows.neverFollowed([...new Set(published.map((e) => e.podcastId))]);
  // One by one: two events of one episode in a batch must not announce it twice side by side.
  for (const episode of published) {
    if (!unfollowed.has(episode.podcastId)) await announceEpisode(deps, episode);
  }
}

/**
 * A newly published episode reaches every follower of its show: in the bell at once, and in
 * their next daily digest. Announced once per episode: edits of a published episode, and a
 * repeated event, find the announcement done; a run cut short is finished by the retry, which
 * skips the followers already told (the bell and the digest each keep the episode once).
 */
export async function announceEpisode(deps: NotificationsDeps, episode: Episode): Promise<void> {
  // A show nobody follows costs one indexed read per episode event, and leaves nothing behind.
  if (episode.status !== 'published' || !(await deps.shows.hasFollowers(episode.podcastId))) return;
  const key = `episode:${episode.episodeId}`;
  if (await deps.marks.isDone(key)) return;
  const show = await deps.shows.find(episode.podcastId);
  const showName = show?.name ?? 'A show you follow';
  const href = show ? `/shows/${encodeURIComponent(show.uId)}/${episode.episodeId}` : '/mypodcasts';
  const notice = {
    id: key,
    category: 'episodes' as const,
    title: `New episode of ${showName}`,
    body: episode.title,
    href,
  };

  for await (const followers of deps.shows.followersOf(episode.podcastId)) {
    await inGroups(
      followers.filter((userId) => userId !== show?.ownerId),
      FOLLOWERS_AT_ONCE,
      async (userId) => {
        await notify(deps, userId, notice, { mail: false });
        await addToDigest(deps, userId, {
          episodeId: episode.episodeId,
          title: episode.title,
          showName,
          href,
        });
      },
    );
  }
  await deps.marks.markDone(key);
}

async function addToDigest(
  deps: NotificationsDeps,
  userId: string,
  item: { episodeId: string; title: string; showName: string; href: string },
): Promise<void> {
  if (!(await deps.preferences.find(userId)).email.episodes) return;
  const added = await deps.digests.add(userId, item);
  if (!added) return;
  const { DIGEST_GATHER_SECONDS, DIGEST_INTERVAL_SECONDS } = deps.config;
  const now = deps.now().getTime();
  // Gathered for a while, and never sooner than a day after the member's last digest.
  const due = Math.max(
    now + DIGEST_GATHER_SECONDS * 1000,
    (added.lastSentAt ? new Date(added.lastSentAt).getTime() : 0) + DIGEST_INTERVAL_SECONDS * 1000,
  );
  await deps.digestQueue.schedule(userId, new Date(due));
}
