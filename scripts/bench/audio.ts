// The audio figures of `npm run bench` (group `audio`): an episode's audio through the gateway, in
// 256 kB ranges and whole, with recording on and off, and what the same bytes cost nginx serving
// them from a file in the same run: the byte path's goals are CPU per GB against nginx's.
import { fetchAgain } from '../lib/fetch-again';
import { wavTone } from '../../services/media/src/uploads/generate-media';
import { signIn } from '../demo/seed-demo-network';
import { atLeast, atMost, type Figure } from './bench-kit';
import type { BenchStack } from './bench-stack';
import { rangeLoad } from './range-client';
import { startNginx } from './reference-nginx';

export const IPHONE = 'AppleCoreMedia/1.0.0.20E247 (iPhone; U; CPU OS 16_4 like Mac OS X; en_us)';
const RANGE = 256 * 1024;
const GB = 1024 ** 3;
/**
 * CPU per GB delivered, gateway and media together, at most this many times nginx's for the same
 * bytes. Node cannot hand a file to the socket as nginx does (sendfile): media reads the bytes into
 * its heap and writes them, and the gateway reads and writes them again.
 */
const AUDIO_CPU_VERSUS_NGINX = 30;
/** The episode the byte path serves: ten minutes. */
export const AUDIO_EPISODE_SECONDS = 600;

export interface Episode {
  id: string;
  url: string;
  bytes: number;
}

/**
 * A show of the admin's with one episode of `seconds` of audio, once the episode plays its
 * house-format rendition (ten minutes: 9.9 MB as served). `original` answers the uploaded file's
 * address instead, still served and counted as the same episode's (one second: 16 kB, where the
 * rendition carries a 256 kB tag).
 */
export function showWithEpisode(
  stack: BenchStack,
  token: string,
  seconds: number,
  file: 'rendition' | 'original' = 'rendition',
): Promise<Episode> {
  const key = preparedKey(stack, seconds, file);
  const ready = prepared.get(key);
  prepared.delete(key);
  return ready ?? newShowWithEpisode(stack, token, seconds, file);
}

/** Episodes uploaded ahead, by run, length and file: each taken once by `showWithEpisode`. */
const prepared = new Map<string, Promise<Episode>>();
const preparedKey = (stack: BenchStack, seconds: number, file: string) => `${stack.run} ${seconds} ${file}`;

/**
 * Starts the admin's shows with episodes of these lengths now, for stages that ask later: an
 * upload's rendition takes ffmpeg half a minute for a 45-minute episode, done while the seed is
 * written (a store-bound wait) instead of inside the stage.
 */
export function prepareEpisodes(stack: BenchStack, lengths: readonly number[]): void {
  if (!lengths.length) return;
  const token = signIn(stack.urls.identity, 'admin', stack.adminPassword).then((admin) => admin.token);
  for (const seconds of lengths) {
    const episode = token.then((bearer) => newShowWithEpisode(stack, bearer, seconds, 'rendition'));
    // Failed before a stage asks: the stage that asks sees the error.
    episode.catch(() => undefined);
    prepared.set(preparedKey(stack, seconds, 'rendition'), episode);
  }
}

async function newShowWithEpisode(
  stack: BenchStack,
  token: string,
  seconds: number,
  file: 'rendition' | 'original',
): Promise<Episode> {
  const headers = { authorization: `Bearer ${token}` };
  const json = async (path: string, body: unknown) => {
    const res = await fetch(`${stack.gatewayUrl}${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<{ id: string; audio: { url: string; bytes: number } }>;
  };
  const show = await json('/api/podcasts', {
    name: `Listen bench ${stack.run} ${seconds} s`,
    category: 'Technology',
  });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(wavTone({ seconds, notes: [330, 440] }))]), 'bench.wav');
  const upload = await fetch(`${stack.gatewayUrl}/api/media/audio`, { method: 'POST', headers, body: form });
  if (upload.status !== 201) throw new Error(`upload: ${upload.status}`);
  const audio = (await upload.json()) as { id: string };
  const created = await json('/api/episodes', {
    podcastId: show.id,
    title: `${seconds} seconds`,
    audioId: audio.id,
  });
  const rendition = await playingRendition(stack, token, created.id, audio.id);
  return { id: created.id, ...(file === 'rendition' ? rendition : created.audio) };
}

/**
 * An episode's audio once it plays its upload's house-format rendition: what listeners are served
 * from then on, with no ffmpeg left running beside what is measured next.
 */
export async function playingRendition(
  stack: BenchStack,
  token: string,
  episodeId: string,
  uploadId: string,
): Promise<{ url: string; bytes: number }> {
  const headers = { authorization: `Bearer ${token}` };
  // Polled while the seed loads the machine.
  const read = async <T>(path: string) =>
    (await (await fetchAgain(`${stack.gatewayUrl}${path}`, { headers })).json()) as T;
  const rendition = `/media/audio/${uploadId}.house.mp3`;
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    const { audio } = await read<{ audio: { url: string; bytes: number } }>(`/api/episodes/${episodeId}`);
    if (audio.url === rendition) return { url: audio.url, bytes: audio.bytes };
    const item = await read<{ audio: { processing: { state: string; error: string | null } } | null }>(
      `/api/media/${uploadId}`,
    );
    if (item.audio?.processing.state === 'failed')
      throw new Error(`processing failed: ${item.audio.processing.error}`);
    if (Date.now() > deadline)
      throw new Error(`episode ${episodeId} was not on its rendition within 5 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

interface Pass {
  rps: number;
  p99: number;
  /** CPU milliseconds per request of each process measured, and of the load generator. */
  cpuMs: Record<string, number>;
  /** Bytes each answer carried. */
  bytes: number;
}

/** A pass not counted, taken first so that what is counted finds its path warm. */
const WARMING_SECONDS = 2;

/**
 * GETs of one URL as fast as `connections` take them, and the CPU each request cost the processes
 * in `cpu` (each a reading of CPU seconds so far) and the client.
 */
async function pass(
  url: string,
  cpu: Record<string, () => number>,
  options: { range?: [number, number]; connections: number; bytes: number },
  seconds = 7,
): Promise<Pass> {
  const warmupSeconds = 2;
  const before = Object.fromEntries(Object.entries(cpu).map(([name, read]) => [name, read()]));
  const ownBefore = process.cpuUsage();
  const result = await rangeLoad({
    url,
    headers: {
      'user-agent': IPHONE,
      ...(options.range ? { range: `bytes=${options.range[0]}-${options.range[1]}` } : {}),
    },
    connections: options.connections,
    warmupSeconds,
    seconds,
    status: options.range ? 206 : 200,
  });
  if (result.unexpected) throw new Error(`audio from ${url}: ${result.breakdown}`);
  const requests = result.requestsPerSecond * (warmupSeconds + seconds);
  const own = process.cpuUsage(ownBefore);
  return {
    rps: result.requestsPerSecond,
    p99: result.p99,
    cpuMs: {
      ...Object.fromEntries(
        Object.entries(cpu).map(([name, read]) => [name, ((read() - before[name]!) * 1000) / requests]),
      ),
      client: result.cpuMs,
      // With several instances the local entry runs in this process: what it costs the same cores.
      bench: (own.user + own.system) / 1000 / requests,
    },
    bytes: options.range ? options.range[1] - options.range[0] + 1 : options.bytes,
  };
}

const mean = (passes: Pass[], of: (pass: Pass) => number) =>
  passes.reduce((sum, one) => sum + of(one), 0) / passes.length;

/** CPU seconds per GB delivered of the processes in `names`, over the passes. */
const cpuPerGb = (passes: Pass[], names: string[]) =>
  mean(passes, (one) => (names.reduce((sum, name) => sum + one.cpuMs[name]!, 0) / 1000) * (GB / one.bytes));

/**
 * Ranged audio through the gateway with recording on (as deployed) and off, each pass on a media
 * process started for it (the one that served the stages before carries their heap and caches).
 * Four passes, on-off-off-on, each side the mean of its two: this machine's speed drifts by more
 * than recording costs within a minute, and a single on-then-off pair measured the drift as often
 * as the recording (0.84–0.97 with the same code). Then whole downloads with recording on, and the
 * same ranges and whole files from nginx, serving the bytes the gateway answered.
 */
export async function audioBench(stack: BenchStack): Promise<Figure[]> {
  const admin = await signIn(stack.urls.identity, 'admin', stack.adminPassword);
  const long = await showWithEpisode(stack, admin.token, AUDIO_EPISODE_SECONDS);
  const podz = { gateway: () => stack.cpuSeconds('gateway'), media: () => stack.cpuSeconds('media') };
  const served = `${stack.gatewayUrl}${long.url}`;
  const ranged = { range: [RANGE, 2 * RANGE - 1] as [number, number], connections: 20, bytes: long.bytes };
  const whole = { connections: 4, bytes: long.bytes };
  // A pass first, not counted: whichever side ran first would otherwise pay for the gateway's
  // first large answers (compiling its body path), which once halved the first side's figure.
  await stack.resume('media', { LISTEN_RECORDING: 'false' });
  await pass(served, podz, ranged, WARMING_SECONDS);
  const passes: Record<'on' | 'off', Pass[]> = { on: [], off: [] };
  for (const side of ['on', 'off', 'off', 'on'] as const) {
    await stack.resume('media', { LISTEN_RECORDING: String(side === 'on') });
    passes[side].push(await pass(served, podz, ranged));
  }
  const wholeOn = await pass(served, podz, whole);

  const bytes = Buffer.from(await (await fetch(served)).arrayBuffer());
  const nginx = await startNginx({ 'episode.mp3': bytes });
  let reference: { ranged: Pass; whole: Pass };
  try {
    const file = `${nginx.url}/episode.mp3`;
    const cpu = { nginx: nginx.cpuSeconds };
    await pass(file, cpu, ranged, WARMING_SECONDS);
    reference = { ranged: await pass(file, cpu, ranged), whole: await pass(file, cpu, whole) };
  } finally {
    await nginx.stop();
  }

  const rps = (side: 'on' | 'off') => mean(passes[side], (one) => one.rps);
  const cpu = (side: Pass[]) =>
    `ms, ${mean(side, (one) => one.cpuMs.media!).toFixed(2)} ms, ${mean(side, (one) => one.cpuMs.client!).toFixed(2)} ms`;
  return [
    {
      name: 'audio, 256 kB ranges through the gateway, 20 conns, recording on',
      value: rps('on'),
      unit: 'req/s',
    },
    { name: 'audio, 256 kB ranges, recording off', value: rps('off'), unit: 'req/s' },
    {
      name: 'audio, each pass on, off, off, on',
      value: passes.on[0]?.rps ?? 0,
      unit: `req/s, then ${[passes.off[0], passes.off[1], passes.on[1]].map((one) => (one?.rps ?? 0).toFixed(0)).join(', ')}`,
    },
    { name: 'audio: recording on ÷ off', value: rps('on') / rps('off'), unit: '×', goal: atLeast(0.9) },
    {
      name: 'audio, on: CPU/request gateway, media, client',
      value: mean(passes.on, (one) => one.cpuMs.gateway!),
      unit: cpu(passes.on),
    },
    {
      name: 'audio, off: CPU/request gateway, media, client',
      value: mean(passes.off, (one) => one.cpuMs.gateway!),
      unit: cpu(passes.off),
    },
    { name: 'audio, 256 kB ranges from nginx, 20 conns', value: reference.ranged.rps, unit: 'req/s' },
    {
      name: 'audio, 256 kB ranges, recording on: CPU per GB, gateway + media',
      value: cpuPerGb(passes.on, ['gateway', 'media']),
      unit: 's',
      versus: { name: 'nginx', value: cpuPerGb([reference.ranged], ['nginx']), unit: 's' },
      goal: atMost(AUDIO_CPU_VERSUS_NGINX),
    },
    { name: 'audio, whole 9.9 MB downloads through the gateway, 4 conns', value: wholeOn.rps, unit: 'req/s' },
    { name: 'audio, whole downloads from nginx, 4 conns', value: reference.whole.rps, unit: 'req/s' },
    {
      name: 'audio, whole downloads, recording on: CPU per GB, gateway + media',
      value: cpuPerGb([wholeOn], ['gateway', 'media']),
      unit: 's',
      versus: { name: 'nginx', value: cpuPerGb([reference.whole], ['nginx']), unit: 's' },
      goal: atMost(AUDIO_CPU_VERSUS_NGINX),
    },
    ...(stack.instances > 1
      ? [
          {
            name: 'audio, on: CPU/request of the local entry (the bench’s process)',
            value: mean(passes.on, (one) => one.cpuMs.bench!),
            unit: 'ms',
          },
        ]
      : []),
  ];
}
