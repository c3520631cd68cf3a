import { Redis } from 'ioredis';
import { ListenerIdentity, ListenerSalts, prepareListens, readCountries, type Heard } from '../src/listens';
import type { DirectRequest } from '../src/http/direct-request';
import { createLogger } from '../src/logging/logger';
import { testInfra, uniqueName } from '../src/testing';

// A listener worked out on a request's path (for a decision kept per listener) is the listener
// its listen record is counted under, worked out later a batch at a time.

const logger = createLogger('listener-identity-test', process.env.TEST_LOG_LEVEL ?? 'silent');
const redis = new Redis(testInfra().redisUrl);
afterAll(() => redis.quit());

const request = (forwardedFor: string, ua: string) =>
  ({
    method: 'GET',
    headers: { 'x-forwarded-for': forwardedFor, 'user-agent': ua },
    query: {},
    socket: { remoteAddress: '127.0.0.1' },
  }) as unknown as DirectRequest;

describe('the listener of a request', () => {
  it('is the one its listen record names, with the same country', async () => {
    const salts = new ListenerSalts(redis, uniqueName('salt'));
    const countries = readCountries(logger);
    const identity = new ListenerIdentity(salts, countries);
    const at = Date.now();
    for (const [address, ua] of [
      ['81.2.69.160', 'AppleCoreMedia/1.0.0.20E247 (iPhone; U; CPU OS 16_4 like Mac OS X; en_us)'],
      ['2a01:4f8:c0c:1234:5678:9abc:def0:1', 'Overcast/3.0 (+http://overcast.fm/; iOS podcast app)\r\nX: y'],
    ] as const) {
      const heard: Heard = {
        at,
        peer: '127.0.0.1',
        forwardedFor: address,
        ua: ua.replace(/[\r\n]/g, ' '),
        referrer: null,
        range: null,
        method: 'GET',
        status: 200,
        start: 0,
        sent: 1,
        target: { kind: 'audio', file: 'a.mp3' },
        premium: false,
      };
      const [record] = await prepareListens(
        {
          salts,
          countries,
          whereOf: async () => ({
            kind: 'audio',
            show: 's',
            episode: 'e',
            published: 0,
            file: { bytes: 1, offset: 0, seconds: 1 },
          }),
        },
        [heard],
      );
      const facts = await identity.of(request(address, ua), new Date(at));
      expect(facts.listener).toBe(record!.listener);
      expect(facts.country).toBe(record!.country);
    }
    expect((await identity.of(request('81.2.69.160', 'App'), new Date(at))).country).toBe('GB');
  });
});
