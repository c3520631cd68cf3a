import path from 'node:path';
import { runServiceProcess, testServiceEnv } from '@podz/kit/testing';

describe('the requests process', () => {
  it('starts against the real store, broker and cache, answers health checks, and stops on SIGTERM', async () => {
    const run = await runServiceProcess(
      path.join(__dirname, '..', 'src', 'main.ts'),
      testServiceEnv('requests'),
    );
    expect(run.health).toEqual({ status: 200, body: { status: 'ok', service: 'requests' } });
    expect(run.ready).toEqual({
      status: 200,
      body: { status: 'ready', service: 'requests', checks: { mongo: 'up', kafka: 'up', redis: 'up' } },
    });
    expect(run.exitCode).toBe(0);
  });
});
