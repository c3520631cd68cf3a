import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { accessLog } from './access-log';

function loggedApp(level: string) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const app = express();
  app.use(accessLog(pino({ level }, sink)));
  app.get('/fine', (_req, res) => void res.json({ ok: true }));
  app.get('/refused', (_req, res) => void res.status(403).json({ error: 'no' }));
  app.get('/broken', (_req, res) => void res.status(500).json({ error: 'oops' }));
  app.get('/healthz', (_req, res) => void res.status(503).end());
  app.get('/feeds/:token/feed.xml', (_req, res) => void res.status(410).end());
  return { app, lines };
}

describe('access log', () => {
  it('writes client and server errors, not fast successes, and never the query string', async () => {
    const { app, lines } = loggedApp('info');
    await request(app).get('/fine?token=secret').expect(200);
    await request(app).get('/refused?token=secret').expect(403);
    await request(app).get('/broken').expect(500);
    await request(app).get('/healthz').expect(503);
    expect(lines.map((line) => [line.level, line.path, line.status])).toEqual([
      [30, '/refused', 403],
      [50, '/broken', 500],
    ]);
    expect(JSON.stringify(lines)).not.toContain('secret');
  });

  it("masks a private feed's token, which is a credential in the path", async () => {
    const { app, lines } = loggedApp('info');
    await request(app).get('/feeds/SECRETtoken0123456789abcdefABCDEF0123456789a/feed.xml').expect(410);
    expect(lines.map((line) => line.path)).toEqual(['/feeds/[token]/feed.xml']);
    expect(JSON.stringify(lines)).not.toContain('SECRETtoken');
  });

  it("masks an advertiser's report token, page and data alike", async () => {
    const { app, lines } = loggedApp('info');
    const token = '64b7f0c2a1b2c3d4e5f60740.1799999999999.SECRETsignature0123456789abcdefABCDEF012345';
    await request(app).get(`/api/analytics/reports/${token}`).expect(404);
    await request(app).get(`/advertiser-report/${token}`).expect(404);
    expect(lines.map((line) => line.path)).toEqual([
      '/api/analytics/reports/[token]',
      '/advertiser-report/[token]',
    ]);
    expect(JSON.stringify(lines)).not.toContain('SECRETsignature');
  });

  it('writes every request at debug', async () => {
    const { app, lines } = loggedApp('debug');
    await request(app).get('/fine').expect(200);
    expect(lines).toEqual([
      expect.objectContaining({ level: 20, method: 'GET', path: '/fine', status: 200 }),
    ]);
  });
});
