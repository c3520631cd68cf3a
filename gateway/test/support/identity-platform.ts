import { loadConfig } from '@podz/kit';
import { freePort, testInfra, testKeys } from '@podz/kit/testing';
import {
  startTestIdentity,
  stopTestIdentity,
  type TestIdentity,
} from '../../../services/identity/test/support/identity-harness';
import { gatewayConfigSchema } from '../../src/config';
import { startGateway, type RunningGateway } from '../../src/gateway';
import { TEST_RATE_LIMITS } from './test-rate-limits';

export interface IdentityPlatform {
  identity: TestIdentity;
  gateway: RunningGateway;
  /** The origin browsers use: the gateway's own. */
  origin: string;
  stop(): Promise<void>;
}

/**
 * The real identity service behind the real gateway, both on the real store, broker and cache, on
 * an origin known before either starts (identity builds its callback URLs from it).
 */
export async function startIdentityPlatform(
  gatewayOverrides: Record<string, string> = {},
  identityOverrides: Record<string, string> = {},
): Promise<IdentityPlatform> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const identity = await startTestIdentity({ PUBLIC_ORIGIN: origin, ...identityOverrides });
  const gateway = await startTestGateway(port, origin, { IDENTITY_URL: identity.url, ...gatewayOverrides });
  return {
    identity,
    gateway,
    origin,
    stop: async () => {
      await gateway.stop();
      await stopTestIdentity(identity);
    },
  };
}

/** A gateway on `port` for the site at `origin`, with the test rate limits; `upstreams` name the services. */
export function startTestGateway(
  port: number,
  origin: string,
  upstreams: Record<string, string>,
): Promise<RunningGateway> {
  return startGateway(
    loadConfig(gatewayConfigSchema, {
      PORT: String(port),
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      REDIS_URL: testInfra().redisUrl,
      JWT_PUBLIC_KEY: testKeys().publicKey,
      PUBLIC_ORIGIN: origin,
      ...TEST_RATE_LIMITS,
      ...upstreams,
    }),
  );
}
