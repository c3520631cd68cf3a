// Scheduled releases: episodes scheduled a few seconds apart, and how long after its time each one
// is on its show's public page through the gateway (the release clock's period, the release write,
// the placing and the response cache's invalidation together). One catalog instance here; the
// tests run two and check that each release happens once.
import { wavTone } from '../../services/media/src/uploads/generate-media';
import { signIn } from '../demo/seed-demo-network';
import { catalogConfigSchema } from '../../services/catalog/src/config';
import { atMost, percentile, type Figure } from './bench-kit';
import type { BenchStack } from './bench-stack';

/** The release clock's period as deployed (catalog's RELEASE_SWEEP_MS). */
const RELEASE_SWEEP_MS = catalogConfigSchema.shape.RELEASE_SWEEP_MS.parse(undefined);
/**
 * The latest scheduled episode is public within this many periods of its time: one for the clock
 * to come round, and the release's write, event and page cache behind it.
 */
const LATEST_IN_SWEEPS = 3;

const EPISODES = 20;
/** The first release this far after the last episode was scheduled; then one every `SPACING_MS`. */
const LEAD_MS = 3_000;
const SPACING_MS = 250;

export async function releaseBench(stack: BenchStack): Promise<Figure[]> {
  const admin = await signIn(stack.urls.identity, 'admin', stack.adminPassword);
  const headers = { authorization: `Bearer ${admin.token}` };
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${stack.gatewayUrl}${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { id: string; status: string };
  };
  const show = await post('/api/podcasts', { name: `Release bench ${stack.run}`, category: 'Technology' });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(wavTone({ seconds: 1, notes: [440] }))]), 'bench.wav');
  const upload = await fetch(`${stack.gatewayUrl}/api/media/audio`, { method: 'POST', headers, body: form });
  if (upload.status !== 201) throw new Error(`upload: ${upload.status}`);
  const { id: audioId } = (await upload.json()) as { id: string };

  // Scheduled one after another, the times fixed only once all are written.
  const drafts: string[] = [];
  for (let n = 0; n < EPISODES; n += 1) {
    drafts.push(
      (await post('/api/episodes', { podcastId: show.id, title: `Release ${n}`, audioId, status: 'draft' }))
        .id,
    );
  }
  const first = Date.now() + LEAD_MS;
  const dueAt = new Map<string, number>();
  for (const [n, id] of drafts.entries()) {
    const at = first + n * SPACING_MS;
    const res = await fetch(`${stack.gatewayUrl}/api/episodes/${id}`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'scheduled', publishedAt: new Date(at).toISOString() }),
    });
    if (res.status !== 200) throw new Error(`schedule: ${res.status} ${await res.text()}`);
    dueAt.set(id, at);
  }
  if (Date.now() >= first) throw new Error('scheduling took longer than the lead: raise LEAD_MS');

  // The show's public page, as a visitor reads it, ten times a second.
  const lateness: number[] = [];
  const deadline = first + EPISODES * SPACING_MS + 30_000;
  while (dueAt.size > 0 && Date.now() < deadline) {
    const res = await fetch(
      `${stack.gatewayUrl}/api/episodes/podcast-episodes?podcastId=${show.id}&limit=50`,
    );
    const page = (await res.json()) as { items: { id: string }[] };
    const seen = Date.now();
    for (const { id } of page.items) {
      const at = dueAt.get(id);
      if (at === undefined) continue;
      lateness.push(seen - at);
      dueAt.delete(id);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (dueAt.size > 0) throw new Error(`${dueAt.size} of ${EPISODES} scheduled episodes never went live`);
  return [
    {
      name: `scheduled episode on its public page after its time, p50 of ${EPISODES}`,
      value: percentile(lateness, 50),
      unit: 'ms',
    },
    {
      name: `scheduled episode on its public page after its time, latest of ${EPISODES}`,
      value: Math.max(...lateness),
      unit: 'ms',
      versus: { name: 'the release clock’s period', value: RELEASE_SWEEP_MS, unit: 'ms' },
      goal: atMost(LATEST_IN_SWEEPS),
    },
  ];
}
