import { Writable } from 'node:stream';
import pino from 'pino';
import { REDACTED_PATHS } from './logger';

describe('logging', () => {
  it('never writes passwords, hashes, tokens or auth headers', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = pino({ redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, sink);
    logger.info(
      {
        body: { username: 'ana', password: 'hunter2', passwordHash: '$2b$10$abc', token: 'eyJhbGci' },
        req: { headers: { authorization: 'Bearer eyJhbGci', cookie: 'session=eyJhbGci' } },
      },
      'sign-in attempt',
    );
    const written = lines.join('');
    expect(written).toContain('"username":"ana"');
    expect(written).not.toContain('hunter2');
    expect(written).not.toContain('$2b$10$abc');
    expect(written).not.toContain('eyJhbGci');
  });
});
