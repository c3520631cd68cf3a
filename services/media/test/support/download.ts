import request from 'supertest';

/** A file from `origin` as bytes (supertest parses only text by default), a range if asked. */
export async function download(origin: string, url: string, range?: string) {
  const req = request(origin)
    .get(url)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
  const res = await (range ? req.set('range', range) : req);
  return { status: res.status, body: res.body as Buffer, headers: res.headers };
}
