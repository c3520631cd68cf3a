import request from 'supertest';

/**
 * A file from `origin` as bytes (supertest parses only text by default), a range if asked, with
 * `headers` (a podcast app's user agent, the address a proxy forwards).
 */
export async function download(
  origin: string,
  url: string,
  range?: string,
  headers: Record<string, string> = {},
) {
  const req = request(origin)
    .get(url)
    .set(headers)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
  const res = await (range ? req.set('range', range) : req);
  return { status: res.status, body: res.body as Buffer, headers: res.headers };
}
