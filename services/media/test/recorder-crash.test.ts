import request from 'supertest';
import { recordsOfMessage } from '@podz/kit';
import {
  eventually,
  readTopic,
  testInfra,
  testTopic,
  type ReadMessage,
  type ServiceChild,
} from '@podz/kit/testing';
import { listenRecordSchema, type ListenRecord } from '@podz/proto';
import { wavTone } from '../src/uploads/generate-media';
import { bearer, CatalogPlatform } from '../../catalog/test/support/catalog-harness';
import { spawnMediaReplica } from './support/media-replica';

// The listen recorder SIGKILLed while apps download: media runs as its own process beside the
// platform's, clients fetch an episode whole from it again and again, and it is killed mid-stream.
// What a kill may lose is what it held back (docs/analytics.md): the records of downloads that
// ended within its linger and one batch in flight. Every download that ended before that is on
// the listen stream, once.

jest.setTimeout(180_000);

const LINGER_MS = 200;
/** A send in flight when the kill lands: the records of downloads that ended this long before it may go. */
const IN_FLIGHT_MS = 500;

let platform: CatalogPlatform;
let child: ServiceChild | undefined;

afterAll(async () => {
  await child?.kill('SIGKILL').catch(() => undefined);
  await platform?.stop();
});

/** The episode's records on this file's listen topic, read until every one of `wanted` is there (or 20 s). */
async function listenRecords(episodeId: string, wanted: string[]): Promise<ListenRecord[]> {
  const recordsIn = (messages: ReadMessage[]) =>
    messages
      .flatMap((message) => recordsOfMessage(message.value))
      .map((record) => listenRecordSchema.parse(record))
      .filter((record) => record.episode === episodeId);
  const messages = await readTopic(testInfra().kafkaBrokers, testTopic('catalog.listen.v1'), {
    until: (seen) => {
      const seenUas = new Set(recordsIn(seen).map((record) => record.ua));
      return wanted.every((ua) => seenUas.has(ua));
    },
    timeoutMs: 45_000,
  });
  return recordsIn(messages);
}

describe('the listen recorder killed mid-download', () => {
  it('keeps every download that ended before what the kill could hold back, each once', async () => {
    platform = await CatalogPlatform.start({ LISTEN_LINGER_MS: String(LINGER_MS) });
    const owner = await platform.member('owner', ['user', 'owner']);
    const show = await platform.showBy<{ id: string }>(owner, {
      name: 'Killed Mid-Stream',
      category: 'Science',
    });
    const upload = await request(platform.url)
      .post('/api/media/audio')
      .set(bearer(owner.token))
      .attach('file', wavTone({ seconds: 120, notes: [330] }), 'take.wav')
      .expect(201);
    const episode = (
      await request(platform.url)
        .post('/api/episodes')
        .set(bearer(owner.token))
        .send({ podcastId: show.id, title: 'Downloaded', audioId: upload.body.id })
        .expect(201)
    ).body as { id: string; audio: { url: string; bytes: number } };

    // A second media on the same store, broker and files: what a replica is.
    child = await spawnMediaReplica(platform, { LISTEN_LINGER_MS: String(LINGER_MS) });
    const url = `${child.url}${episode.audio.url}`;

    // Eight apps download the file whole, one after another, each download its own user agent.
    const ended = new Map<string, number>();
    let stopped = false;
    let n = 0;
    const app = async (slot: number) => {
      while (!stopped) {
        const ua = `CrashTest/${slot}.${(n += 1)}`;
        const res = await fetch(url, { headers: { 'user-agent': ua } }).catch(() => null);
        const body = await res?.arrayBuffer().catch(() => null);
        if (res?.status === 200 && body?.byteLength === episode.audio.bytes) ended.set(ua, Date.now());
      }
    };
    const apps = Array.from({ length: 8 }, (_, slot) => app(slot));
    // Killed once fifteen downloads ended over a second ago, whatever the machine's pace: the
    // others are mid-stream or just ended.
    const endedBefore = (at: number) => [...ended.values()].filter((end) => end < at).length;
    await eventually('fifteen downloads', async () => endedBefore(Date.now() - 1000) >= 15, 90_000);
    const killedAt = Date.now();
    expect((await child.kill('SIGKILL')).signal).toBe('SIGKILL');
    child = undefined;
    stopped = true;
    await Promise.all(apps);

    const mustHave = [...ended]
      .filter(([, at]) => at < killedAt - LINGER_MS - IN_FLIGHT_MS)
      .map(([ua]) => ua);
    expect(mustHave.length).toBeGreaterThanOrEqual(10);
    const records = await listenRecords(episode.id, mustHave);
    const byUa = new Map<string, number>();
    for (const record of records) byUa.set(record.ua, (byUa.get(record.ua) ?? 0) + 1);
    expect(mustHave.filter((ua) => !byUa.has(ua))).toEqual([]);
    // Each download once, and none that no client finished whole counted as whole.
    expect([...byUa.values()].filter((count) => count > 1)).toEqual([]);
    const whole = records.filter((record) => record.sent === episode.audio.bytes).map((record) => record.ua);
    expect(whole.filter((ua) => !ended.has(ua))).toEqual([]);
  });
});
