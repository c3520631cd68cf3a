import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Redis } from 'ioredis';
import { listen, loadConfig } from '@podz/kit';
import { testInfra, testKeys } from '@podz/kit/testing';
import { gatewayConfigSchema } from '../../src/config';
import { startGateway, type RunningGateway } from '../../src/gateway';
import { TEST_RATE_LIMITS } from './test-rate-limits';

export interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Stands in for a service: records what reached it and answers with a JSON echo. */
export async function startEchoUpstream() {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    // Decoded across chunks: a character split between two is not two broken ones.
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ echoed: req.url, bytes: body.length }));
    });
  });
  server.on('upgrade', (_req, socket) => {
    socket.end('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
  });
  const port = await listen(server, 0);
  return { seen, server, url: `http://127.0.0.1:${port}` };
}

export function webDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'podz-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>PODZ</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    path.join(dir, 'embed.html'),
    '<!doctype html><html><head><title>PODZ player</title></head><body><main id="embed"></main></body></html>',
  );
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log("podz")');
  return dir;
}

export type EchoUpstream = Awaited<ReturnType<typeof startEchoUpstream>>;

/** The gateway in front of the echo for every service, on real Redis, with a stand-in web app. */
export function startEchoGateway(echo: EchoUpstream, overrides: Record<string, string> = {}) {
  return startGateway(loadConfig(gatewayConfigSchema, echoGatewayEnv(echo, overrides)));
}

/** The settings of such a gateway, as its environment (a gateway process of its own is given them). */
export function echoGatewayEnv(echo: EchoUpstream, overrides: Record<string, string> = {}) {
  return {
    PORT: '0',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    REDIS_URL: testInfra().redisUrl,
    JWT_PUBLIC_KEY: testKeys().publicKey,
    WEB_DIST: webDist(),
    IDENTITY_URL: echo.url,
    CATALOG_URL: echo.url,
    REQUESTS_URL: echo.url,
    MESSAGING_URL: echo.url,
    CONTENT_URL: echo.url,
    ANALYTICS_URL: echo.url,
    BILLING_URL: echo.url,
    NOTIFICATIONS_URL: echo.url,
    MEDIA_URL: echo.url,
    ADS_URL: echo.url,
    LISTENING_URL: echo.url,
    ...TEST_RATE_LIMITS,
    ...overrides,
  };
}

/** Stops what a suite started, whichever of it did start. */
export async function stopAll(
  gateway: RunningGateway | undefined,
  redis: Redis | undefined,
  echo: EchoUpstream | undefined,
) {
  await gateway?.stop();
  await redis?.quit();
  await new Promise((resolve) => (echo ? echo.server.close(resolve) : resolve(undefined)));
}
