import { randomBytes } from 'node:crypto';
import { Types } from 'mongoose';
import request from 'supertest';
import { io } from 'socket.io-client';
import type { RunningService } from '@podz/kit';
import { eventually } from '@podz/kit/testing';
import {
  AUDIO_HOUSE,
  mediaItemSchema,
  SOCKET_EVENTS,
  SOCKET_PATH,
  waveformSchema,
  type AudioProcessing,
  type MediaItem,
} from '@podz/proto';
import { startMessagingInstance } from '../../messaging/test/support/messaging-harness';
import { queueOlderAudio } from '../src/data/queue-older-audio';
import { pngCover } from '../src/uploads/generate-media';
import { bearer, CatalogPlatform, type Member } from '../../catalog/test/support/catalog-harness';
import { download } from './support/download';
import { decodeErrors, measureLoudness, PAUSES, speechLike } from './support/speech-like';

// Every audio upload is processed by a job: measured (EBU R128, silences, waveform), rendered to
// the house format levelled to the network's target, its frames indexed. The original stays as
// it came; a file ffmpeg cannot decode fails its job with a reason its owner reads.

jest.setTimeout(120_000);

let platform: CatalogPlatform;
let messaging: RunningService;
let owner: Member;
let other: Member;
const api = () => request(platform.url);
// Media pushes through messaging's sockets: both on this file's own channels.
const SOCKETS = { SOCKET_REDIS_PREFIX: `podz:socket.io:test:${process.pid}:audio` };

beforeAll(async () => {
  platform = await CatalogPlatform.start({}, { MEDIA_JOB_SLOTS: '2', MEDIA_JOB_POLL_MS: '200', ...SOCKETS });
  messaging = await startMessagingInstance(SOCKETS);
  [owner, other] = await Promise.all([
    platform.member('owner', ['user', 'owner']),
    platform.member('owner', ['user', 'owner']),
  ]);
});
afterAll(async () => {
  await messaging?.stop();
  await platform?.stop();
});

async function upload(bytes: Buffer, name: string, who = owner): Promise<{ id: string; url: string }> {
  const res = await api()
    .post('/api/media/audio')
    .set(bearer(who.token))
    .attach('file', bytes, name)
    .expect(201);
  return res.body as { id: string; url: string };
}

async function item(id: string, who = owner): Promise<MediaItem> {
  return mediaItemSchema.parse((await api().get(`/api/media/${id}`).set(bearer(who.token)).expect(200)).body);
}

/** The upload once its job has finished, done or failed. */
async function processed(id: string): Promise<MediaItem> {
  await eventually(
    `processing of ${id}`,
    async () => ['done', 'failed'].includes((await item(id)).audio?.processing.state ?? ''),
    60_000,
  );
  return item(id);
}

async function bytesOf(url: string): Promise<Buffer> {
  const got = await download(platform.url, url);
  expect(got.status).toBe(200);
  return got.body;
}

describe('audio processing', () => {
  it('levels a quiet mono and a loud stereo file to the target, measured again by ffmpeg', async () => {
    const quiet = speechLike({ seconds: 25, amplitude: 0.03, channels: 1, format: 'mp3' });
    const loud = speechLike({ seconds: 25, amplitude: 0.95, channels: 2, format: 'wav' });
    const [quietUpload, loudUpload] = [await upload(quiet, 'quiet.mp3'), await upload(loud, 'loud.wav')];
    for (const [source, sent] of [
      [quiet, quietUpload],
      [loud, loudUpload],
    ] as const) {
      const done = await processed(sent.id);
      const audio = done.audio;
      expect(audio?.processing).toEqual({ state: 'done', stage: null, percent: 100, error: null });
      // The upload's own loudness, as ffmpeg measures the original.
      const original = measureLoudness(source);
      expect(audio?.loudness?.integrated).toBeCloseTo(original.integrated, 0);
      expect(audio?.rendition).toMatchObject({ type: 'audio/mpeg', bitrateKbps: AUDIO_HOUSE.bitrateKbps });
      // Served beside the original, which is kept byte for byte.
      expect((await bytesOf(sent.url)).equals(source)).toBe(true);
      const rendition = await bytesOf(audio?.rendition?.url ?? '');
      expect(rendition.length).toBe(audio?.rendition?.bytes);
      expect(decodeErrors(rendition)).toBe('');
      const again = measureLoudness(rendition);
      expect(again.channels).toBe(2);
      // A mono upload is levelled as mono (-19) and carried on both channels: -16 as stereo.
      expect(Math.abs(again.integrated - AUDIO_HOUSE.targetLufsStereo)).toBeLessThanOrEqual(1);
      expect(again.truePeak).toBeLessThanOrEqual(AUDIO_HOUSE.truePeakDb);
      expect(audio?.rendition?.durationSeconds).toBeGreaterThan(24.9);
      expect(audio?.rendition?.durationSeconds).toBeLessThan(25.2);
    }
    expect((await item(quietUpload.id)).audio?.rendition?.targetLufs).toBe(
      AUDIO_HOUSE.targetLufsStereo - AUDIO_HOUSE.monoOffsetLu,
    );
    expect((await item(loudUpload.id)).audio?.rendition?.targetLufs).toBe(AUDIO_HOUSE.targetLufsStereo);
  });

  it('keeps the waveform and the pauses as break candidates', async () => {
    const sent = await upload(
      speechLike({ seconds: 30, amplitude: 0.3, channels: 2, format: 'mp3' }),
      'pauses.mp3',
    );
    const audio = (await processed(sent.id)).audio;
    const waveform = waveformSchema.parse(
      JSON.parse((await bytesOf(audio?.waveformUrl ?? '')).toString('utf8')),
    );
    expect(waveform.length).toBeGreaterThan(1000);
    expect(waveform.length).toBeLessThanOrEqual(AUDIO_HOUSE.waveformPoints);
    expect(waveform.data).toHaveLength(waveform.length * 2);
    // Loud between the pauses, flat inside them: the widest swing of each second.
    const second = (from: number) => {
      const pixel = (seconds: number) =>
        Math.floor((seconds * waveform.sample_rate) / waveform.samples_per_pixel);
      let widest = 0;
      for (let p = pixel(from); p < pixel(from + 1); p += 1) {
        widest = Math.max(widest, (waveform.data[p * 2 + 1] ?? 0) - (waveform.data[p * 2] ?? 0));
      }
      return widest;
    };
    expect(second(2)).toBeGreaterThan(10);
    expect(second(16.2)).toBeLessThan(2);
    const pauses = audio?.silences ?? [];
    expect(pauses).toHaveLength(3);
    pauses.forEach((pause, n) => {
      expect(pause.start).toBeCloseTo(n * PAUSES.every + PAUSES.from, 0);
      expect(pause.end).toBeCloseTo(n * PAUSES.every + PAUSES.to, 0);
    });
  });

  it('fails the job of a file that does not decode, with a reason, and keeps the original', async () => {
    const good = speechLike({ seconds: 20, amplitude: 0.3, channels: 2, format: 'mp3' });
    // A good start and end around a stretch of garbage: it uploads, and half of it cannot be heard.
    const garbage = randomBytes(160_000);
    const damaged = Buffer.concat([good.subarray(0, 40_000), garbage, good.subarray(good.length - 120_000)]);
    const sent = await upload(damaged, 'damaged.mp3');
    const audio = (await processed(sent.id)).audio;
    expect(audio?.processing.state).toBe('failed');
    expect(audio?.processing.error).toMatch(
      /^The audio is damaged: \d+ stretches of it could not be decoded/,
    );
    expect(audio?.processing.error).not.toMatch(/\/tmp|podz-audio/);
    expect(audio?.rendition).toBeNull();
    expect((await bytesOf(sent.url)).equals(damaged)).toBe(true);
  });

  it("pushes each stage and its percent to the uploader's sockets", async () => {
    const socket = io(messaging.url, {
      path: SOCKET_PATH,
      auth: { token: owner.token },
      transports: ['websocket'],
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const heard: { id: string; processing: AudioProcessing }[] = [];
      socket.on(SOCKET_EVENTS.mediaProcessing, (payload: (typeof heard)[number]) => heard.push(payload));
      const sent = await upload(
        speechLike({ seconds: 60, amplitude: 0.3, channels: 2, format: 'mp3' }),
        'watched.mp3',
      );
      await eventually(
        'the push of the end',
        async () => heard.some((push) => push.processing.state === 'done'),
        60_000,
      );
      const mine = heard.filter((push) => push.id === sent.id).map((push) => push.processing);
      expect(mine.map((p) => p.stage)).toEqual(expect.arrayContaining(['measuring', 'levelling', 'storing']));
      const percents = mine.map((p) => p.percent);
      expect(percents).toEqual([...percents].sort((a, b) => a - b));
      expect(mine.at(-1)).toEqual({ state: 'done', stage: null, percent: 100, error: null });
    } finally {
      socket.disconnect();
    }
  });

  it('shows a file and its processing to its uploader only', async () => {
    const sent = await upload(
      speechLike({ seconds: 3, amplitude: 0.3, channels: 1, format: 'wav' }),
      'mine.wav',
    );
    await api().get(`/api/media/${sent.id}`).set(bearer(other.token)).expect(404);
    expect((await processed(sent.id)).audio?.processing).toMatchObject({ state: 'done', error: null });
  });

  it('queues audio uploaded before processing existed, once', async () => {
    const sent = await upload(
      speechLike({ seconds: 4, amplitude: 0.3, channels: 2, format: 'mp3' }),
      'old.mp3',
    );
    await processed(sent.id);
    // As an upload from before the pipeline was: no job, nothing made.
    const { db } = platform.media.context;
    const _id = new Types.ObjectId(sent.id);
    await db.collection('media').updateOne({ _id }, { $unset: { job: '', processed: '' } });
    expect((await item(sent.id)).audio).toBeNull();
    await db.collection('migrations').deleteOne({ _id: 'media-queue-older-audio' as never });
    await queueOlderAudio(db);
    const done = (await processed(sent.id)).audio;
    expect(done?.rendition?.bytes).toBeGreaterThan(0);
    const finishedAt = (await db.collection('media').findOne({ _id }))?.job?.finishedAt;
    await queueOlderAudio(db);
    expect((await db.collection('media').findOne({ _id }))?.job).toMatchObject({ state: 'done', finishedAt });
  });

  it('leaves images without processing', async () => {
    const png = pngCover({ size: 16, seed: 3, colors: ['#112233', '#445566'] });
    const res = await api().post('/api/media/images').set(bearer(owner.token)).attach('file', png, 'i.png');
    expect(res.status).toBe(201);
    expect((await item(res.body.id as string)).audio).toBeNull();
  });
});
