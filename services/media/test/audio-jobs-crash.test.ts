import request from 'supertest';
import { eventually, type ServiceChild } from '@podz/kit/testing';
import { mediaItemSchema, type AudioProcessing } from '@podz/proto';
import { bearer, CatalogPlatform, type Member } from '../../catalog/test/support/catalog-harness';
import { spawnMediaReplica } from './support/media-replica';
import { speechLike } from './support/speech-like';

// Processing jobs run in whichever media instance has a free slot: here two worker processes
// beside a platform whose own media only serves. Each job is run once; a worker SIGKILLed mid-job
// leaves its lease to run out, and the other takes the job over from the start.

jest.setTimeout(240_000);

const LEASE_MS = 1500;

let platform: CatalogPlatform;
let owner: Member;
const workers: ServiceChild[] = [];
const api = () => request(platform.url);

beforeAll(async () => {
  platform = await CatalogPlatform.start({}, { MEDIA_JOB_SLOTS: '0' });
  owner = await platform.member('owner', ['user', 'owner']);
});
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.kill('SIGKILL').catch(() => undefined)));
  await platform?.stop();
});

/** Another media instance with one job slot. */
async function worker(): Promise<ServiceChild> {
  const child = await spawnMediaReplica(platform, {
    MEDIA_JOB_SLOTS: '1',
    MEDIA_JOB_LEASE_MS: String(LEASE_MS),
    MEDIA_JOB_POLL_MS: '100',
    // Each worker's "job done" lines say which jobs it ran.
    LOG_LEVEL: 'info',
  });
  workers.push(child);
  return child;
}

async function upload(bytes: Buffer): Promise<string> {
  const res = await api()
    .post('/api/media/audio')
    .set(bearer(owner.token))
    .attach('file', bytes, 'take.mp3')
    .expect(201);
  return res.body.id as string;
}

async function processing(id: string): Promise<AudioProcessing | undefined> {
  const res = await api().get(`/api/media/${id}`).set(bearer(owner.token)).expect(200);
  return mediaItemSchema.parse(res.body).audio?.processing;
}

/** How many times a worker took each job, from the store. */
async function attempts(ids: string[]): Promise<number[]> {
  const media = platform.media.context.db.collection('media');
  const { Types } = await import('mongoose');
  const docs = await media.find({ _id: { $in: ids.map((id) => new Types.ObjectId(id)) } }).toArray();
  return ids.map((id) => (docs.find((doc) => String(doc._id) === id)?.job as { attempts: number }).attempts);
}

describe('audio jobs across instances', () => {
  it('shares the queue between two workers, each job run once', async () => {
    await Promise.all([worker(), worker()]);
    const clip = speechLike({ seconds: 8, amplitude: 0.3, channels: 2, format: 'mp3' });
    const ids: string[] = [];
    for (let n = 0; n < 6; n += 1) ids.push(await upload(clip));
    await eventually(
      'six jobs done',
      async () => (await Promise.all(ids.map(processing))).every((p) => p?.state === 'done'),
      90_000,
    );
    expect(await attempts(ids)).toEqual([1, 1, 1, 1, 1, 1]);
    // Both workers took some, and between them every one once.
    const took = workers.map((child) => (child.output().match(/job done/g) ?? []).length);
    expect(took.every((count) => count > 0)).toBe(true);
    expect(took[0]! + took[1]!).toBe(6);
  });

  it('takes over the job of a worker SIGKILLed mid-job', async () => {
    const [first, second] = workers as [ServiceChild, ServiceChild];
    // Only one worker is up while the job starts: the one about to be killed.
    await second.kill('SIGKILL');
    const id = await upload(speechLike({ seconds: 180, amplitude: 0.3, channels: 2, format: 'mp3' }));
    await eventually('the job under way', async () => ((await processing(id))?.percent ?? 0) >= 5, 60_000);
    expect((await first.kill('SIGKILL')).signal).toBe('SIGKILL');
    const stuck = await processing(id);
    expect(stuck?.state).toBe('running');
    await worker();
    await eventually(
      'the job done by the other worker',
      async () => (await processing(id))?.state === 'done',
      180_000,
    );
    expect(await attempts([id])).toEqual([2]);
    expect((await processing(id))?.error).toBeNull();
  });
});
