// The audio pipeline's figures of `npm run bench` (group `pipeline`): five minutes of speech processed,
// against the same two ffmpeg commands run by hand on the same file in the same run; its rendition
// measured again; an upload's answer while four jobs run, against the same upload with none; and
// 20 jobs across two media instances, one SIGKILLed mid-job.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient, ObjectId } from 'mongodb';
import type { ResolvedInfra } from '../../deploy/local/src/resolve-infra';
import { AUDIO_HOUSE, type AudioSettings } from '../../proto/src';
import { createKafka, type Logger } from '../../services/kit/src';
import { ebur128Summary } from '../../services/media/src/audio/loudness-report';
import { measuringArgs } from '../../services/media/src/audio/measure-audio';
import { houseFormatArgs } from '../../services/media/src/audio/render-house-format';
import { measureLoudness, speechLike, speechLikeFile } from '../../services/media/test/support/speech-like';
import { signIn } from '../demo/seed-demo-network';
import { atLeast, atMost, percentile, untilQuiet, type Figure } from './bench-kit';
import type { BenchStack } from './bench-stack';

/**
 * Five minutes: both sides of the comparison are ffmpeg's decodes, which grow with the length,
 * while the job's own work (copies, writes, being picked up) does not all grow with it, so a
 * shorter file is the stricter test of that work; an hour would cost the run minutes more.
 */
const LONG_SECONDS = 300;
/** PODZ's job (its copies, its Node work, its stores) at most this much longer than ffmpeg alone. */
const LONG_VERSUS_BY_HAND = 1.2;
/** Upload answers, p99, with four jobs running at most this many times those with none. */
const UPLOAD_LOADED_VERSUS_QUIET = 1.5;
const UPLOADS_PER_PASS = 100;
const JOBS_ACROSS_WORKERS = 20;
/** The killed worker's jobs wait out its lease: shorter than the default, so the figure is quick. */
const KILLED_LEASE_MS = 10_000;

type Processing = { state: string; error: string | null };

class Uploader {
  private readonly headers: Record<string, string>;

  constructor(
    private readonly stack: BenchStack,
    token: string,
  ) {
    this.headers = { authorization: `Bearer ${token}` };
  }

  /** Uploads audio; the id and how long the answer took, in milliseconds. */
  async upload(bytes: Buffer, name: string): Promise<{ id: string; ms: number }> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const started = performance.now();
    const res = await fetch(`${this.stack.gatewayUrl}/api/media/audio`, {
      method: 'POST',
      headers: this.headers,
      body: form,
    });
    const ms = performance.now() - started;
    if (res.status !== 201) throw new Error(`upload ${name}: ${res.status} ${await res.text()}`);
    return { id: ((await res.json()) as { id: string }).id, ms };
  }

  async processing(id: string): Promise<Processing> {
    const res = await fetch(`${this.stack.gatewayUrl}/api/media/${id}`, { headers: this.headers });
    const item = (await res.json()) as { audio: { processing: Processing } | null };
    if (!item.audio) throw new Error(`upload ${id}: ${res.status}, no processing`);
    return item.audio.processing;
  }

  /** Until every upload's job has ended; each one's final state. */
  async untilEnded(ids: string[], timeoutMs: number, pollMs = 250): Promise<Map<string, Processing>> {
    const ended = new Map<string, Processing>();
    const deadline = Date.now() + timeoutMs;
    while (ended.size < ids.length && Date.now() < deadline) {
      for (const id of ids.filter((candidate) => !ended.has(candidate))) {
        const processing = await this.processing(id);
        if (processing.state === 'done' || processing.state === 'failed') ended.set(id, processing);
      }
      if (ended.size < ids.length) await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
    return ended;
  }

  async remove(ids: string[]): Promise<void> {
    for (const id of ids) {
      await fetch(`${this.stack.gatewayUrl}/api/media/${id}`, { method: 'DELETE', headers: this.headers });
    }
  }

  async get<T>(urlPath: string): Promise<{ status: number; body: T }> {
    const res = await fetch(`${this.stack.gatewayUrl}${urlPath}`, { headers: this.headers });
    return { status: res.status, body: (await res.json()) as T };
  }

  async bytes(urlPath: string): Promise<Buffer> {
    return Buffer.from(await (await fetch(`${this.stack.gatewayUrl}${urlPath}`)).arrayBuffer());
  }
}

/** Runs ffmpeg as someone would by hand (its output to files or nowhere); resolves with its stderr. */
function ffmpegByHand(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', ['-hide_banner', '-nostdin', '-nostats', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(stderr) : reject(new Error(`ffmpeg exited ${code}: ${stderr.slice(-500)}`)),
    );
  });
}

/** The two passes PODZ runs on an upload, run by hand on the same file: seconds taken. */
async function byHand(file: string, work: string, targetLufs: number): Promise<number> {
  const started = performance.now();
  const measured = ebur128Summary(await ffmpegByHand(measuringArgs(file)));
  const output = path.join(work, 'by-hand.mp3');
  await ffmpegByHand(
    houseFormatArgs(file, output, { measured, mono: false, targetLufs, seconds: LONG_SECONDS }).args,
  );
  return (performance.now() - started) / 1000;
}

/** Jobs running now, read from media's store. */
async function runningJobs(mongo: MongoClient, stack: BenchStack): Promise<number> {
  return mongo.db(stack.databases.media).collection('media').countDocuments({ 'job.state': 'running' });
}

/** How many `audio.rendered` events each upload has on media's topic, read from the start. */
async function renderedEvents(
  stack: BenchStack,
  infra: ResolvedInfra,
  logger: Logger,
  ids: string[],
): Promise<Map<string, number>> {
  const counts = new Map(ids.map((id) => [id, 0]));
  const kafka = createKafka('bench-pipeline', infra.endpoints.KAFKA_BROKERS.split(','), logger);
  const consumer = kafka.consumer({ groupId: `${stack.namespace}bench-pipeline-${randomUUID()}` });
  await consumer.connect();
  try {
    await consumer.subscribe({ topic: `${stack.namespace}media.upload.v1`, fromBeginning: true });
    let lastSeen = Date.now();
    await consumer.run({
      eachMessage: async ({ message }) => {
        const event = JSON.parse(message.value?.toString('utf8') ?? '{}') as {
          type?: string;
          data?: { uploadId?: string };
        };
        const id = event.data?.uploadId;
        if (event.type === 'podz.media.audio.rendered' && id && counts.has(id)) {
          counts.set(id, counts.get(id)! + 1);
          lastSeen = Date.now();
        }
      },
    });
    // Every upload seen, then five quiet seconds for any second event to show.
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      const all = [...counts.values()].every((count) => count > 0);
      if (all && Date.now() - lastSeen > 5000) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await consumer.disconnect();
  }
  return counts;
}

export async function pipelineBench(
  stack: BenchStack,
  infra: ResolvedInfra,
  logger: Logger,
  say: (line: string) => void,
): Promise<Figure[]> {
  const admin = await signIn(stack.urls.identity, 'admin', stack.adminPassword);
  const uploader = new Uploader(stack, admin.token);
  const figures: Figure[] = [];
  const work = mkdtempSync(path.join(tmpdir(), 'podz-bench-pipeline-'));
  const mongo = await MongoClient.connect(infra.endpoints.MONGO_URL);
  try {
    // Five minutes of speech, as a podcaster's MP3 at 128 kb/s.
    const longFile = path.join(work, 'long.mp3');
    speechLikeFile({ seconds: LONG_SECONDS, amplitude: 0.1, channels: 2, format: 'mp3' }, longFile);
    // Made (and measured, below) synchronously: the loop turns before the next call, so the
    // sockets the gateway closed meanwhile are seen closed, not reused.
    await untilQuiet();
    const settings = (await uploader.get<AudioSettings>('/api/media/audio-settings')).body;
    await untilQuiet();
    const hand = await byHand(longFile, work, settings.targetLufs);
    say(`  the two ffmpeg passes by hand: ${hand.toFixed(1)} s`);
    await untilQuiet();
    const { id: longId } = await uploader.upload(readFileSync(longFile), 'long.mp3');
    const started = performance.now();
    const longDone = (await uploader.untilEnded([longId], 30 * 60_000)).get(longId);
    const podz = (performance.now() - started) / 1000;
    if (longDone?.state !== 'done') throw new Error(`the long episode's job: ${JSON.stringify(longDone)}`);
    say(`  the same file through PODZ's job: ${podz.toFixed(1)} s`);
    figures.push({
      name: `${LONG_SECONDS / 60} minutes of speech processed (measure, level, render, peaks, silences, frames)`,
      value: podz,
      unit: 's',
      versus: { name: 'the same two ffmpeg commands by hand', value: hand, unit: 's' },
      goal: atMost(LONG_VERSUS_BY_HAND),
    });
    const again = measureLoudness(await uploader.bytes(`/media/audio/${longId}.house.mp3`));
    await untilQuiet();
    figures.push(
      {
        name: 'its rendition measured again: LU from the network’s target',
        value: Math.abs(again.integrated - settings.targetLufs),
        unit: 'LU',
        goal: atMost(1),
      },
      {
        name: 'its rendition measured again: true peak',
        value: again.truePeak,
        unit: 'dBTP',
        goal: atMost(AUDIO_HOUSE.truePeakDb),
      },
    );
    await uploader.remove([longId]);

    // The same half-minute upload with no job anywhere, then with four running in the media
    // instance that answers it (what the uploads queue is what the loaded pass runs).
    const take = speechLike({ seconds: 30, amplitude: 0.2, channels: 2, format: 'mp3' });
    await untilQuiet();
    await stack.resume('media', { MEDIA_JOB_SLOTS: '0' });
    const uploads: string[] = [];
    const pass = async () => {
      const ms: number[] = [];
      for (let n = 0; n < UPLOADS_PER_PASS; n += 1) {
        const sent = await uploader.upload(take, `take-${n}.mp3`);
        uploads.push(sent.id);
        ms.push(sent.ms);
      }
      return ms;
    };
    await untilQuiet();
    const quiet = await pass();
    await stack.resume('media', { MEDIA_JOB_SLOTS: String(Math.ceil(4 / stack.instances)) });
    const deadline = Date.now() + 60_000;
    while ((await runningJobs(mongo, stack)) < 4 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const loaded = await pass();
    const runningAfter = await runningJobs(mongo, stack);
    say(`  jobs running after the loaded pass: ${runningAfter}`);
    figures.push({
      name: `upload answer p99 (a 30 s MP3) while 4 jobs run`,
      value: percentile(loaded, 99),
      unit: 'ms',
      versus: { name: 'with no job running', value: percentile(quiet, 99), unit: 'ms' },
      goal: atMost(UPLOAD_LOADED_VERSUS_QUIET),
    });
    await stack.resume('media', { MEDIA_JOB_SLOTS: '2' });
    await uploader.remove(uploads);

    // 20 uploads across the stack's media and one more, which is SIGKILLed once every slot holds a job.
    const extra = await stack.beside('media', {
      MEDIA_JOB_SLOTS: '2',
      MEDIA_JOB_LEASE_MS: String(KILLED_LEASE_MS),
    });
    const slots = 2 * stack.instances + 2;
    await untilQuiet();
    const ids: string[] = [];
    for (let n = 0; n < JOBS_ACROSS_WORKERS; n += 1)
      ids.push((await uploader.upload(take, `job-${n}.mp3`)).id);
    const full = Date.now() + 30_000;
    while ((await runningJobs(mongo, stack)) < slots && Date.now() < full) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    extra.child.kill('SIGKILL');
    await extra.exited;
    const ended = await uploader.untilEnded(ids, 10 * 60_000, 500);
    const done = [...ended.values()].filter((processing) => processing.state === 'done').length;
    const events = await renderedEvents(stack, infra, logger, ids);
    const once = ids.filter((id) => ended.get(id)?.state === 'done' && events.get(id) === 1).length;
    const takenOver = await mongo
      .db(stack.databases.media)
      .collection('media')
      .countDocuments({ _id: { $in: ids.map((id) => new ObjectId(id)) }, 'job.attempts': { $gt: 1 } });
    say(`  20 jobs: ${done} done, ${ids.length - ended.size} stuck, ${takenOver} taken over after the kill`);
    figures.push(
      {
        name: `${JOBS_ACROSS_WORKERS} uploads, two media workers, one SIGKILLed mid-job: done, each exactly once`,
        value: once,
        unit: 'jobs',
        goal: atLeast(JOBS_ACROSS_WORKERS),
      },
      {
        name: '… of them begun by the killed worker and finished by the other',
        value: takenOver,
        unit: 'jobs',
        goal: atLeast(1),
      },
    );
    await uploader.remove(ids);
  } finally {
    await mongo.close();
    rmSync(work, { recursive: true, force: true });
  }
  return figures;
}
