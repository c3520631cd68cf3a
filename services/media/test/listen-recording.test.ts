import http from 'node:http';
import request from 'supertest';
import { recordsOfMessage } from '@podz/kit';
import { readTopic, testInfra, testTopic, type ReadMessage } from '@podz/kit/testing';
import { listenRecordSchema, type ListenRecord } from '@podz/proto';
import { wavTone } from '../src/uploads/generate-media';
import { bearer, CatalogPlatform, type Member } from '../../catalog/test/support/catalog-harness';

// Every GET and HEAD of an episode's audio and of a feed lands on the listen stream once its
// response ends, with the bytes really sent, the listener as a salted hash (never the address) and
// the country the address was in.

let platform: CatalogPlatform;
let owner: Member;
let show: { id: string; uId: string };
let episode: { id: string; audio: { url: string; bytes: number } };
let long: { id: string; audio: { url: string; bytes: number } };
const IPHONE = 'AppleCoreMedia/1.0.0.20E247 (iPhone; U; CPU OS 16_4 like Mac OS X; en_us)';
const api = () => request(platform.url);

async function episodeWith(audio: Buffer, title: string) {
  const upload = await api()
    .post('/api/media/audio')
    .set(bearer(owner.token))
    .attach('file', audio, 'take.wav')
    .expect(201);
  const created = await api()
    .post('/api/episodes')
    .set(bearer(owner.token))
    .send({ podcastId: show.id, title, audioId: upload.body.id })
    .expect(201);
  return created.body as { id: string; audio: { url: string; bytes: number } };
}

/** The records on this file's listen topic (a message carries one listener's run), once `enough` says so. */
async function recordsUntil(enough: (records: ListenRecord[]) => boolean): Promise<ListenRecord[]> {
  const recordsIn = (messages: ReadMessage[]) =>
    messages
      .flatMap((message) => recordsOfMessage(message.value))
      .map((record) => listenRecordSchema.parse(record));
  const messages = await readTopic(testInfra().kafkaBrokers, testTopic('catalog.listen.v1'), {
    until: (seen) => enough(recordsIn(seen)),
    timeoutMs: 20_000,
  });
  return recordsIn(messages);
}

const records = (count: number) => recordsUntil((seen) => seen.length >= count);

beforeAll(async () => {
  platform = await CatalogPlatform.start({ LISTEN_LINGER_MS: '20' });
  owner = await platform.member('owner', ['user', 'owner']);
  show = await platform.showBy(owner, { name: 'Listen Counting', category: 'Science' });
  episode = await episodeWith(wavTone({ seconds: 1, notes: [440] }), 'Short');
  // Ten minutes of 8 kHz audio: 9.6 MB, more than the connection's buffers hold.
  long = await episodeWith(wavTone({ seconds: 600, notes: [330, 440] }), 'Long');
});
afterAll(() => platform?.stop());

describe('the listen recorder', () => {
  it('records whole, ranged, probing and HEAD requests with what was sent, and no address', async () => {
    const from = (ip: string, ua = IPHONE) => ({ 'x-forwarded-for': ip, 'user-agent': ua });
    await api().get(episode.audio.url).set(from('81.2.69.160')).expect(200);
    await api()
      .get(episode.audio.url)
      .set({ ...from('81.2.69.160'), range: 'bytes=0-1' })
      .expect(206);
    await api()
      .get(episode.audio.url)
      .set({ ...from('2a02:a46c:1:2::5'), range: 'bytes=100-' })
      .expect(206);
    await api().get(episode.audio.url).set(from('2a02:a46c:1:2:ffff::9')).expect(200);
    await api()
      .get(episode.audio.url)
      .set(from('2a02:a46c:1:2::5', 'Overcast/3.0 (+http://overcast.fm/)'))
      .expect(200);
    await api().head(episode.audio.url).set(from('81.2.69.160')).expect(200);
    await api()
      .get(`/shows/${show.uId}/feed.xml`)
      .set(from('81.2.69.160', 'Feedly/1.0 (+http://www.feedly.com/fetcher.html; 12 subscribers)'));

    const seen = await records(7);
    const raw = JSON.stringify(seen);
    expect(raw).not.toMatch(/81\.2\.69\.160|2a02:a46c/);
    // Nothing beyond the record's fields leaves catalog (who may hear a file stays there).
    const fields = Object.keys(listenRecordSchema.shape).sort();
    for (const record of seen) expect(Object.keys(record).sort()).toEqual(fields);
    const one = (what: string, test: (record: ListenRecord) => boolean) => {
      const found = seen.filter(test);
      expect({ what, found: found.length }).toEqual({ what, found: 1 });
      return found[0];
    };
    const audioGet = (record: ListenRecord) => record.kind === 'audio' && record.method === 'GET';
    const whole = one('whole', (r) => audioGet(r) && r.country === 'GB' && r.range === null);
    const probe = one('probe', (r) => r.range === 'bytes=0-1');
    const ranged = one('ranged', (r) => r.range === 'bytes=100-');
    const sameNetwork = one(
      'same /64',
      (r) => audioGet(r) && r.country === 'NL' && r.range === null && r.ua === IPHONE,
    );
    const otherApp = one('other app', (r) => r.ua.startsWith('Overcast'));
    const head = one('HEAD', (r) => r.method === 'HEAD');
    const feed = one('feed', (r) => r.kind === 'feed');
    const bytes = episode.audio.bytes;
    expect(whole).toMatchObject({
      kind: 'audio',
      method: 'GET',
      status: 200,
      show: show.id,
      episode: episode.id,
      range: null,
      start: 0,
      sent: bytes,
      file: { bytes, offset: 0, seconds: 1 },
      ua: IPHONE,
      country: 'GB',
    });
    expect(probe).toMatchObject({ status: 206, range: 'bytes=0-1', start: 0, sent: 2 });
    expect(ranged).toMatchObject({ status: 206, start: 100, sent: bytes - 100, country: 'NL' });
    // One /64 with one user agent is one listener; another app behind it is another.
    expect(sameNetwork?.listener).toBe(ranged?.listener);
    expect(otherApp?.listener).not.toBe(ranged?.listener);
    expect(whole?.listener).not.toBe(ranged?.listener);
    expect(head).toMatchObject({ method: 'HEAD', status: 200, sent: 0 });
    expect(feed).toMatchObject({ kind: 'feed', show: show.id, episode: null, file: null });
  });

  it('counts only what reached a client that went away mid-file', async () => {
    const before = (await records(7)).length;
    // From media itself: a hop in between would take more of the file off it than the client did.
    const url = new URL(long.audio.url, platform.mediaUrl);
    await new Promise<void>((resolve, reject) => {
      const req = http.get(url, { headers: { 'user-agent': IPHONE } }, (res) => {
        res.once('data', () => {
          res.pause();
          // Gone before the rest of the 9.6 MB could be taken.
          setTimeout(() => {
            req.destroy();
            resolve();
          }, 300);
        });
      });
      req.on('error', reject);
    });
    const after = await records(before + 1);
    const abandoned = after.find((record) => record.episode === long.id);
    expect(abandoned).toBeDefined();
    expect(abandoned?.sent).toBeGreaterThan(0);
    expect(abandoned?.sent).toBeLessThan(long.audio.bytes / 2);
  });

  it('records a new episode’s first downloads once media hears of it, and holds no other listen', async () => {
    const from = (ua: string) => ({ 'x-forwarded-for': '81.2.69.160', 'user-agent': ua });
    const upload = await api()
      .post('/api/media/audio')
      .set(bearer(owner.token))
      .attach('file', wavTone({ seconds: 1, notes: [550] }), 'early.wav')
      .expect(201);
    // Downloaded before any episode uses it, as when an app fetches a new episode the moment it
    // is published, before media has heard of the episode.
    await api().get(upload.body.url).set(from('Early/1.0')).expect(200);
    await api().get(episode.audio.url).set(from('Meanwhile/1.0')).expect(200);
    const meanwhile = await recordsUntil((seen) => seen.some((r) => r.ua === 'Meanwhile/1.0'));
    expect(meanwhile.filter((r) => r.ua === 'Early/1.0')).toEqual([]);

    const created = await api()
      .post('/api/episodes')
      .set(bearer(owner.token))
      .send({ podcastId: show.id, title: 'Early', audioId: upload.body.id })
      .expect(201);
    const seen = await recordsUntil((records) => records.some((r) => r.ua === 'Early/1.0'));
    expect(seen.filter((r) => r.ua === 'Early/1.0')).toEqual([
      expect.objectContaining({ kind: 'audio', show: show.id, episode: created.body.id, status: 200 }),
    ]);
  });
});
