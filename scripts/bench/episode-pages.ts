// Episode pages with a transcript and chapters: 250 of the seeded shows' latest episodes are given
// an hour's transcript (720 cues) and 12 chapters through the API, then visitors open them.
import type { Redis } from 'ioredis';
import { vttTime } from '../../services/catalog/src/transcripts/captions';
import { signIn } from '../demo/seed-demo-network';
import { concurrently, type Figure } from './bench-kit';
import type { BenchStack } from './bench-stack';
import { getJson } from './http-client';
import { pageViews } from './page-views';
import type { SeededNetwork } from './seed-network';

const EPISODES = 250;
const CUES = 720;
const CHAPTERS = 12;
/** Gateway + catalog CPU per episode page at most this many public-GET floors. */
const EPISODE_PAGE_CPU_IN_FLOORS = 4;

/** An hour of speech as WebVTT: a cue every five seconds, two speakers taking turns. */
function transcriptOf(title: string): string {
  const cues = Array.from({ length: CUES }, (_, n) => {
    const voice = n % 2 ? 'Guest' : 'Host';
    return `${vttTime(n * 5)} --> ${vttTime(n * 5 + 5)}\n<v ${voice}>${title}: sentence ${n} of the conversation, in about the words a person says in five seconds.`;
  });
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

export async function episodePages(
  stack: BenchStack,
  seeded: SeededNetwork,
  redis: Redis,
): Promise<Figure[]> {
  const admin = await signIn(stack.urls.identity, 'admin', stack.adminPassword);
  const headers = { authorization: `Bearer ${admin.token}` };
  const shows = seeded.shows.slice(0, EPISODES);
  const episodeIds: string[] = [];
  await concurrently(8, shows.length, async (n) => {
    const page = await getJson<{
      items: { id: string; title: string; audio: { durationSeconds: number } }[];
    }>(`${stack.gatewayUrl}/api/episodes/podcast-episodes?podcastId=${shows[n]!.id}&limit=1`);
    const episode = page.items[0];
    if (!episode) return;
    const put = async (path: string, type: string, body: string) => {
      const res = await fetch(`${stack.gatewayUrl}/api/episodes/${episode.id}/${path}`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': type },
        body,
      });
      if (res.status !== 200) throw new Error(`PUT ${path}: ${res.status} ${await res.text()}`);
    };
    await put('transcript', 'text/vtt', transcriptOf(episode.title));
    const spacing = Math.max(1, Math.floor((episode.audio.durationSeconds || 600) / CHAPTERS));
    const chapters = Array.from({ length: CHAPTERS }, (_, c) => ({
      startTime: c * spacing,
      title: `Part ${c + 1}`,
      url: `https://example.org/notes/${c + 1}`,
    }));
    await put('chapters', 'application/json', JSON.stringify({ chapters }));
    episodeIds.push(episode.id);
  });
  if (episodeIds.length < shows.length / 2) throw new Error(`only ${episodeIds.length} episodes to open`);
  return pageViews(stack, redis, {
    setup: { gatewayUrl: stack.gatewayUrl, page: 'episode', episodeIds },
    label: 'episode page data (4 reads, transcript and chapters)',
    short: 'episode pages',
    cpuGoal: EPISODE_PAGE_CPU_IN_FLOORS,
  });
}
