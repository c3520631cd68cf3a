import request from 'supertest';
import { Redis } from 'ioredis';
import { testInfra } from '@podz/kit/testing';
import { startTcpBalancer, type TcpBalancer } from '../../scripts/lib/tcp-balancer';
import { startEchoGateway, startEchoUpstream, stopAll, type EchoUpstream } from './support/echo-upstream';
import type { RunningGateway } from '../src/gateway';

/**
 * `npm start -- --instances 2`'s one entry: a TCP balancer handing connections to two gateways in
 * turn, and to the one left when the other is gone.
 */
let echo: EchoUpstream;
let redis: Redis;
let gateways: RunningGateway[];
let entry: TcpBalancer;

beforeAll(async () => {
  redis = new Redis(testInfra().redisUrl);
  echo = await startEchoUpstream();
  gateways = await Promise.all([startEchoGateway(echo), startEchoGateway(echo)]);
  entry = await startTcpBalancer(
    0,
    gateways.map((gateway) => `127.0.0.1:${gateway.port}`),
  );
});

afterAll(async () => {
  await entry?.close();
  await gateways?.[1]?.stop();
  await stopAll(gateways?.[0], redis, echo);
});

const url = () => `http://127.0.0.1:${entry.port}`;

describe('the local entry in front of several gateways', () => {
  it('hands new connections to the gateways in turn', async () => {
    // supertest opens a connection per request.
    for (let n = 0; n < 4; n++) {
      const res = await request(url()).get('/api/podcasts/all-podcasts').expect(200);
      expect(res.body.echoed).toBe('/api/podcasts/all-podcasts');
    }
    expect([...entry.handed.values()]).toEqual([2, 2]);
  });

  it('hands every connection to the gateway left when the other stops', async () => {
    const [live, gone] = gateways as [RunningGateway, RunningGateway];
    await gone.stop();
    for (let n = 0; n < 4; n++) await request(url()).get('/api/podcasts/all-podcasts').expect(200);
    expect(entry.handed.get(`127.0.0.1:${live.port}`)).toBe(6);
    expect(entry.handed.get(`127.0.0.1:${gone.port}`)).toBe(2);
  });
});
