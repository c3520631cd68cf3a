// Listeners' places saved while they play: members each saving every 15 s through the gateway,
// with bursts a fifth above that (a show's release, a commute's start), paced and timed from when
// each save was due. The listening service writes each to Redis and moves places to the store once
// they have waited POSITION_STORE_AFTER_MS; the warm-up outlasts that wait, so the counted seconds
// carry the store's steady share. The figures: its CPU per save against the signed-in-POST floor,
// and the p99, beside the p99 of the same saves offered at the same pace to a process that answers
// each at once through kit's HTTP app (the floor's: the token, the session, the body checked).
import { Types } from 'mongoose';
import { POSITION_SAVE_EVERY_SECONDS } from '../../proto/src';
import { SessionRevocations, signSessionToken } from '../../services/kit/src';
import type { Redis } from 'ioredis';
import { atMost, type Figure } from './bench-kit';
import type { BenchStack } from './bench-stack';
import { FLOORS, startFloorServers } from './floors';
import { longestStall } from './half-load';
import { rangeLoad, type PlannedRequest } from './range-client';

const LISTENERS = 2_000;
/** Bursts a fifth above the steady rate of saves. */
const BURST = 1.2;
const SECONDS = 15;
/** Longer than the listening service's POSITION_STORE_AFTER_MS (30 s by default). */
const WARMUP_SECONDS = 35;
/** The floor's: V8 has optimized its path after about a thousand requests. */
const FLOOR_WARMUP_SECONDS = 6;
/** The goals: the listening service's CPU per save in signed-in-POST floors, and the p99 in ms. */
const SAVE_CPU_IN_FLOORS = 1.5;
const SAVE_P99_MS = 20;

export async function positionsBench(stack: BenchStack, redis: Redis, redisUrl: string): Promise<Figure[]> {
  const revocations = new SessionRevocations(redis);
  const saves: PlannedRequest[] = [];
  const listeners: string[] = [];
  for (let n = 0; n < LISTENERS; n += 1) {
    const id = new Types.ObjectId().toHexString();
    listeners.push(id);
    await revocations.recordVersion(id, 0);
    const token = signSessionToken(
      { id, username: `listener${n}`, role: 'user', access: ['user'], sessionVersion: 0 },
      stack.keys.privateKey,
      3600,
    );
    const episode = new Types.ObjectId().toHexString();
    saves.push({
      path: `/api/listening/positions/${episode}`,
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ position: 60 + n, duration: 3600 }),
    });
  }
  const rate = (LISTENERS / POSITION_SAVE_EVERY_SECONDS) * BURST;
  const offered = { headers: {}, paths: saves, connections: 64, rate, status: 200 };
  const floors = await startFloorServers(redisUrl, stack.keys.publicKey);
  const floor = await rangeLoad({
    ...offered,
    url: floors.kit,
    warmupSeconds: FLOOR_WARMUP_SECONDS,
    seconds: SECONDS,
  }).finally(() => floors.stop());
  if (floor.unexpected) throw new Error(`positions' floor: ${floor.breakdown}`);
  const cpu = () => ({ gateway: stack.cpuSeconds('gateway'), listening: stack.cpuSeconds('listening') });
  const before = cpu();
  const watched = [stack.gatewayUrl, stack.urls.listening];
  await Promise.all(watched.map(longestStall));
  const load = await rangeLoad({
    ...offered,
    url: stack.gatewayUrl,
    warmupSeconds: WARMUP_SECONDS,
    seconds: SECONDS,
  });
  const after = cpu();
  if (load.unexpected) throw new Error(`positions: ${load.breakdown}`);
  const stalls = await Promise.all(watched.map(longestStall));
  console.log(
    `  positions: p50 ${load.p50.toFixed(2)} ms, p99 ${load.p99.toFixed(1)} ms; the load generator's loop late p99 ` +
      `${load.clientPause.p99.toFixed(1)} ms, at most ${load.clientPause.max.toFixed(1)} ms; stolen by the hypervisor ` +
      `${(load.stolen * 100).toFixed(1)} %; longest stall (includes the warm-up) gateway ${stalls[0]?.toFixed(0) ?? '?'} ms, ` +
      `listening ${stalls[1]?.toFixed(0) ?? '?'} ms; the floor: p50 ${floor.p50.toFixed(2)} ms, p99 ${floor.p99.toFixed(1)} ms`,
  );
  // The listeners are the stage's own, in no service's store: their sessions go with the stage.
  await Promise.all(listeners.map((id) => revocations.forget(id)));
  // Over every save sent, the warm-up's too: the CPU was read around the whole load (the store's
  // writes trail the saves by the wait, so the counted seconds alone would carry more of them).
  const perSave = (name: 'gateway' | 'listening') => ((after[name] - before[name]) * 1000) / load.sent;
  return [
    {
      name: `positions: ${LISTENERS.toLocaleString('en')} listeners saving every ${POSITION_SAVE_EVERY_SECONDS} s, +20 % (${rate.toFixed(0)}/s), p99`,
      value: load.p99,
      unit: 'ms',
      goal: atMost(SAVE_P99_MS),
    },
    {
      name: `positions: the same saves answered at once by kit's HTTP app, direct (the floor), p99`,
      value: floor.p99,
      unit: 'ms',
    },
    { name: 'positions: gateway CPU per save', value: perSave('gateway'), unit: 'ms' },
    {
      name: 'positions: listening CPU per save',
      value: perSave('listening'),
      unit: 'ms',
      versus: FLOORS.signedInPost,
      goal: atMost(SAVE_CPU_IN_FLOORS),
    },
  ];
}
