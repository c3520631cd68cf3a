/// <reference types="jest" />
import path from 'node:path';
import { runServiceProcess } from './service-process';
import { testServiceEnv } from './test-service-env';

/**
 * The suite every service runs against its real entry point: it starts against the real store,
 * broker and cache, reports live and ready, and exits 0 on SIGTERM. Called from the service's own
 * `test/` folder, so it runs in that service's jest project.
 */
export function describeServiceProcess(service: string, testDir: string): void {
  describe(`the ${service} process`, () => {
    it('starts against the real store, broker and cache, answers health checks, and stops on SIGTERM', async () => {
      const run = await runServiceProcess(
        path.join(testDir, '..', 'src', 'main.ts'),
        testServiceEnv(service),
      );
      expect(run.health).toEqual({ status: 200, body: { status: 'ok', service } });
      expect(run.ready).toEqual({
        status: 200,
        body: { status: 'ready', service, checks: { mongo: 'up', kafka: 'up', redis: 'up' } },
      });
      expect(run.exitCode).toBe(0);
    });
  });
}
