import { existsSync, mkdtempSync, renameSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import request from 'supertest';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { useOptionalComponent, uniqueName } from '@podz/kit/testing';
import { LocalBlobStore, S3BlobStore, type S3Settings } from '@podz/kit/blobs';
import { moveFolderIntoBucket } from '../../../scripts/lib/local-s3';
import { wavTone } from '../src/uploads/generate-media';
import { startMedia } from '../src/media-service';
import { bearer, CatalogPlatform, type Member } from '../../catalog/test/support/catalog-harness';
import { startEchoGateway, type EchoUpstream } from '../../../gateway/test/support/echo-upstream';
import type { RunningGateway } from '../../../gateway/src/gateway';

/**
 * Media on real object storage: SeaweedFS's S3 gateway from deploy/local (or S3_ENDPOINT), signed
 * with its local key. The store's own contract (parts, ranges, deletes, a failed sender leaving
 * nothing), then media with MEDIA_STORE=s3: uploads and ranged audio through the API, and the
 * server stopped, which is a 503 in the API's error shape with nothing half-stored.
 */
jest.setTimeout(600_000);

const endpoint = () => process.env.S3_ENDPOINT ?? `http://127.0.0.1:${process.env.PODZ_S3_PORT ?? 8333}`;
const server = useOptionalComponent({
  name: 's3',
  url: endpoint,
  configured: () => Boolean(process.env.S3_ENDPOINT),
  // Serving: an unsigned request is refused (403), not left unanswered.
  answers: async (url) =>
    (await fetch(url, { signal: AbortSignal.timeout(3_000) }).catch(() => null))?.status === 403,
  // The first start downloads SeaweedFS's module and builds it (about 4 minutes here).
  startTimeoutMs: 12 * 60_000,
});
const settings = (): S3Settings => ({
  bucket: uniqueName('podz-media')
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-')
    .slice(0, 60),
  region: 'us-east-1',
  endpoint: endpoint(),
  forcePathStyle: true,
  accessKeyId: process.env.S3_ACCESS_KEY_ID ?? 'podz-local',
  secretAccessKey: process.env.S3_SECRET_ACCESS_KEY ?? 'podz-local-not-a-secret',
});

// One bucket for the suite, removed at its end: each bucket is a collection of volumes to SeaweedFS.
const s3 = settings();
const client = new S3Client({
  region: s3.region,
  endpoint: s3.endpoint,
  forcePathStyle: true,
  credentials: { accessKeyId: s3.accessKeyId ?? '', secretAccessKey: s3.secretAccessKey ?? '' },
});

const keysIn = async (client: S3Client, name: string) =>
  ((await client.send(new ListObjectsV2Command({ Bucket: name }))).Contents ?? []).map((o) => o.Key);

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  await server.start();
  await client.send(new CreateBucketCommand({ Bucket: s3.bucket }));
});
afterAll(async () => {
  const keys = await keysIn(client, s3.bucket).catch(() => []);
  if (keys.length > 0) {
    await client.send(
      new DeleteObjectsCommand({ Bucket: s3.bucket, Delete: { Objects: keys.map((Key) => ({ Key })) } }),
    );
  }
  await client.send(new DeleteBucketCommand({ Bucket: s3.bucket })).catch(() => undefined);
  await server.stop();
});

describe('the S3 blob store on SeaweedFS', () => {
  it('streams a large file up in parts, reads ranges byte for byte, and deletes', async () => {
    const store = new S3BlobStore(s3);
    // 12 MB: three parts of the SDK's 5 MB, so the multipart path is the one taken.
    const big = Buffer.alloc(12 * 1024 * 1024);
    for (let i = 0; i < big.length; i += 4096) big.writeUInt32BE(i, i);
    const stored = await store.put(
      'audio/big.mp3',
      Readable.from([big.subarray(0, 7e6), big.subarray(7e6)]),
      'audio/mpeg',
    );
    expect(stored).toMatchObject({ key: 'audio/big.mp3', bytes: big.length, contentType: 'audio/mpeg' });
    for (const [start, end] of [
      [0, 9],
      [5 * 1024 * 1024 - 3, 5 * 1024 * 1024 + 3],
      [big.length - 100, big.length - 1],
    ] as const) {
      expect(
        (await bytesOf(await store.read('audio/big.mp3', { start, end }))).equals(
          big.subarray(start, end + 1),
        ),
      ).toBe(true);
    }
    expect((await bytesOf(await store.read('audio/big.mp3'))).equals(big)).toBe(true);
    await store.delete('audio/big.mp3');
    expect(await store.stat('audio/big.mp3')).toBeUndefined();
    expect(await keysIn(client, s3.bucket)).not.toContain('audio/big.mp3');
  });

  it('keeps nothing of an upload whose sender fails after a part went up, and says it was the sender', async () => {
    const store = new S3BlobStore(s3);
    async function* sender() {
      yield Buffer.alloc(6 * 1024 * 1024, 1);
      throw new Error('the client went away');
    }
    await expect(store.put('audio/cut.mp3', Readable.from(sender()), 'audio/mpeg')).rejects.toThrow(
      'the client went away',
    );
    expect(await store.stat('audio/cut.mp3')).toBeUndefined();
    expect(await keysIn(client, s3.bucket)).not.toContain('audio/cut.mp3');
  });
});

describe('media uploaded to a local folder, moved into the bucket as `npm start` does', () => {
  let platform: CatalogPlatform;

  beforeAll(async () => {
    platform = await CatalogPlatform.start();
  });
  afterAll(() => platform?.stop());

  it('plays every file from the bucket after the move, which a second run finds done', async () => {
    const owner = await platform.member('owner', ['user', 'owner']);
    const wav = wavTone({ seconds: 2, notes: [523, 659] });
    const made = await request(platform.url)
      .post('/api/media/audio')
      .set(bearer(owner.token))
      .attach('file', wav, 'before-the-move.wav')
      .expect(201);
    const file = (made.body.url as string).split('/').pop() as string;
    const folder = platform.mediaDir;
    const stored: string[] = [];
    for await (const key of new LocalBlobStore(folder).keys()) stored.push(key);
    expect(stored).toContainEqual(expect.stringContaining(file));

    const env = {
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint ?? '',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: s3.accessKeyId ?? '',
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey ?? '',
    };
    const lines: string[] = [];
    await moveFolderIntoBucket(folder, env, (line) => lines.push(line));
    expect(lines[0]).toContain(`moving ${stored.length} media files`);
    expect(lines.at(-1)).toContain(`${stored.length} copied, 0 already in the bucket`);
    expect(existsSync(folder)).toBe(false);
    expect(existsSync(`${folder}-moved-to-s3`)).toBe(true);
    expect(await keysIn(client, s3.bucket)).toEqual(expect.arrayContaining(stored));

    // Stopped half-way, the move is run again on the folder: what is there already is skipped.
    renameSync(`${folder}-moved-to-s3`, folder);
    const again: string[] = [];
    await moveFolderIntoBucket(folder, env, (line) => again.push(line));
    expect(again.at(-1)).toContain(`0 copied, ${stored.length} already in the bucket`);

    const onS3 = await platform.anotherMedia({
      MEDIA_STORE: 's3',
      MEDIA_DIR: mkdtempSync(path.join(tmpdir(), 'podz-media-')),
      ...env,
    });
    try {
      const whole = await request(onS3.url).get(`/media/audio/${file}`).buffer(true).expect(200);
      expect(Buffer.from(whole.body as Buffer).equals(wav)).toBe(true);
      const part = await request(onS3.url)
        .get(`/media/audio/${file}`)
        .set('range', 'bytes=44-143')
        .buffer(true)
        .expect(206);
      expect(part.headers['content-range']).toBe(`bytes 44-143/${wav.length}`);
      expect(Buffer.from(part.body as Buffer).equals(wav.subarray(44, 144))).toBe(true);
    } finally {
      await onS3.stop();
    }
  });
});

describe('media with MEDIA_STORE=s3', () => {
  let platform: CatalogPlatform;
  let owner: Member;

  beforeAll(async () => {
    platform = await CatalogPlatform.start({
      MEDIA_STORE: 's3',
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint ?? '',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: s3.accessKeyId ?? '',
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey ?? '',
    });
    owner = await platform.member('owner', ['user', 'owner']);
  });
  afterAll(() => platform?.stop());

  const upload = (wav: Buffer) =>
    request(platform.url).post('/api/media/audio').set(bearer(owner.token)).attach('file', wav, 'take.wav');
  const library = async () =>
    (await request(platform.url).get('/api/media?limit=100').set(bearer(owner.token)).expect(200)).body
      .total as number;

  it('stores uploads in the bucket and serves whole files and ranges from it', async () => {
    const wav = wavTone({ seconds: 2, notes: [440, 660] });
    const made = await upload(wav).expect(201);
    const file = (made.body.url as string).split('/').pop() as string;
    expect(await keysIn(client, s3.bucket)).toContainEqual(expect.stringContaining(file));
    const whole = await request(platform.url).get(`/media/audio/${file}`).buffer(true).expect(200);
    expect(Buffer.from(whole.body as Buffer).equals(wav)).toBe(true);
    const part = await request(platform.url)
      .get(`/media/audio/${file}`)
      .set('range', 'bytes=100-199')
      .buffer(true)
      .expect(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${wav.length}`);
    expect(Buffer.from(part.body as Buffer).equals(wav.subarray(100, 200))).toBe(true);
  });

  it('serves an upload made on one instance from a second one with a disk of its own', async () => {
    const second = await startMedia({
      ...platform.media.context.config,
      PORT: 0,
      MEDIA_DIR: mkdtempSync(path.join(tmpdir(), 'podz-media-')),
    });
    try {
      const wav = wavTone({ seconds: 1, notes: [880] });
      const made = await upload(wav).expect(201);
      const file = (made.body.url as string).split('/').pop() as string;
      const part = await request(second.url)
        .get(`/media/audio/${file}`)
        .set('range', 'bytes=0-99')
        .buffer(true)
        .expect(206);
      expect(Buffer.from(part.body as Buffer).equals(wav.subarray(0, 100))).toBe(true);
    } finally {
      await second.stop();
    }
  });

  it('answers 503 in the error shape while the store is away, keeps no record, and works once it is back', async () => {
    const before = await library();
    server.stopNow();
    try {
      const refused = await upload(wavTone({ seconds: 1, notes: [330] }));
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({
        error: 'Media storage cannot be reached right now; try again shortly',
        code: 'NOT_READY',
      });
      expect(refused.headers['retry-after']).toBe('5');
    } finally {
      await server.startAgain();
    }
    expect(await library()).toBe(before);
    await upload(wavTone({ seconds: 1, notes: [550] })).expect(201);
    expect(await library()).toBe(before + 1);
  });

  it('answers 503 to a large upload through the gateway whose store stops mid-stream, and keeps nothing of it', async () => {
    const gateway: RunningGateway = await startEchoGateway({ url: platform.url } as EchoUpstream);
    const before = { library: await library(), keys: (await keysIn(client, s3.bucket)).length };
    // 12 MB of audio: the store takes it in 5 MB parts, and stops after the first went up.
    const wav = wavTone({ seconds: 780, notes: [220, 330] });
    const boundary = `podz-${Date.now()}`;
    const head = Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="long.wav"\r\n` +
        'content-type: audio/wav\r\n\r\n',
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const body = Buffer.concat([head, wav, tail]);
    try {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(`${gateway.url}/api/media/audio`, {
          method: 'POST',
          headers: {
            ...bearer(owner.token),
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(body.length),
          },
        });
        req.on('response', (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        });
        // The server may answer and close before the whole body is sent.
        req.on('error', (err) => (answered ? undefined : reject(err)));
        let answered = false;
        req.on('response', () => (answered = true));
        const CHUNK = 256 * 1024;
        let sent = 0;
        const send = () => {
          while (sent < body.length && !answered) {
            const chunk = body.subarray(sent, sent + CHUNK);
            sent += chunk.length;
            if (sent >= 7 * 1024 * 1024 && sent - chunk.length < 7 * 1024 * 1024) server.stopNow();
            if (!req.write(chunk)) {
              req.once('drain', send);
              return;
            }
          }
          if (!answered) req.end();
        };
        send();
      });
      expect(answer.status).toBe(503);
      expect(JSON.parse(answer.body)).toEqual({
        error: 'Media storage cannot be reached right now; try again shortly',
        code: 'NOT_READY',
      });
    } finally {
      await server.startAgain();
      await gateway.stop();
    }
    expect(await library()).toBe(before.library);
    expect(await keysIn(client, s3.bucket)).toHaveLength(before.keys);
  });
});
