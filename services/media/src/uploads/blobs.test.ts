import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import express from 'express';
import request from 'supertest';
import { errorMiddleware, createLogger } from '@podz/kit';
import { parseBuffer } from 'music-metadata';
import { audioOffset } from './audio-offset';
import { crc32, pngCover, wavTone } from './generate-media';
import { LocalBlobStore, serveBlob } from '@podz/kit/blobs';
import { receiveUpload } from './receive-upload';
import { sniffAudio, sniffImage } from './sniff';

const tempStore = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'podz-blobs-'));
  return { dir, store: new LocalBlobStore(dir) };
};
const files = (dir: string) =>
  readdirSync(dir, { recursive: true })
    .map(String)
    .filter((name) => name.includes('.'));

describe('generated media', () => {
  it('makes a valid WAV of the asked length and a valid PNG', async () => {
    const wav = wavTone({ seconds: 3.5, notes: [440, 550, 660] });
    expect(wav.subarray(0, 4).toString()).toBe('RIFF');
    expect(wav.readUInt32LE(24)).toBe(8000);
    const metadata = await parseBuffer(wav, { mimeType: 'audio/wav' }, { duration: true });
    expect(metadata.format.duration).toBeCloseTo(3.5, 1);

    const png = pngCover({ size: 64, seed: 3, colors: ['#112233', '#ddeeff'] });
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(64);
    // Every chunk's CRC is right: walk them.
    let offset = 8;
    const types: string[] = [];
    while (offset < png.length) {
      const length = png.readUInt32BE(offset);
      const type = png.subarray(offset + 4, offset + 8);
      const crc = png.readUInt32BE(offset + 8 + length);
      expect(crc32(Buffer.concat([type, png.subarray(offset + 8, offset + 8 + length)]))).toBe(crc);
      types.push(type.toString());
      offset += 12 + length;
    }
    expect(types).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(pngCover({ size: 600, seed: 1, colors: ['#000000', '#ffffff'] }).length).toBeLessThan(200_000);
  });
});

describe('sniffing types from bytes', () => {
  it('recognises audio and image formats and nothing else', () => {
    const bytes = (...values: (number | string)[]) =>
      Buffer.concat(values.map((v) => (typeof v === 'string' ? Buffer.from(v, 'latin1') : Buffer.from([v]))));
    expect(sniffAudio(wavTone({ seconds: 0.1, notes: [440] }))?.mime).toBe('audio/wav');
    expect(sniffAudio(bytes('ID3', 4, 0, 0))?.mime).toBe('audio/mpeg');
    expect(sniffAudio(bytes(0xff, 0xfb, 0x90, 0x64))?.ext).toBe('mp3');
    expect(sniffAudio(bytes(0, 0, 0, 0x20, 'ftypM4A ', 0, 0, 0, 0))?.mime).toBe('audio/mp4');
    expect(sniffAudio(bytes('OggS', 0, 2))?.mime).toBe('audio/ogg');
    expect(sniffAudio(bytes('fLaC', 0, 0, 0, 0x22))?.mime).toBe('audio/flac');
    expect(sniffAudio(Buffer.from('just some text here'))).toBeUndefined();
    expect(sniffAudio(pngCover({ size: 8, seed: 1, colors: ['#000000', '#ffffff'] }))).toBeUndefined();
    expect(sniffImage(pngCover({ size: 8, seed: 1, colors: ['#000000', '#ffffff'] }))?.mime).toBe(
      'image/png',
    );
    expect(sniffImage(bytes(0xff, 0xd8, 0xff, 0xe0))?.mime).toBe('image/jpeg');
    expect(sniffImage(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))?.mime).toBe('image/webp');
    expect(sniffImage(bytes('GIF89a'))).toBeUndefined();
  });
});

describe('the local blob store', () => {
  it('writes, reads ranges and deletes; a failing stream leaves nothing', async () => {
    const { dir, store } = tempStore();
    const info = await store.put('audio/a.wav', Readable.from([Buffer.from('0123456789')]), 'audio/wav');
    expect(info).toMatchObject({ key: 'audio/a.wav', bytes: 10 });
    const chunks: Buffer[] = [];
    for await (const chunk of (await store.read('audio/a.wav', { start: 2, end: 5 })) as Readable)
      chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('2345');
    expect((await store.stat('audio/a.wav'))?.contentType).toBe('audio/wav');
    const failing = new Readable({ read() {} });
    const put = store.put('audio/b.wav', failing, 'audio/wav');
    failing.push(Buffer.from('partial'));
    failing.destroy(new Error('client went away'));
    await expect(put).rejects.toThrow('client went away');
    expect(files(dir)).toEqual([path.join('audio', 'a.wav')]);
    await store.delete('audio/a.wav');
    expect(await store.stat('audio/a.wav')).toBeUndefined();
    await expect(store.stat('../etc/passwd')).rejects.toThrow('Invalid media name');
  });

  it('reads small ranges in one piece and streams long ones, byte for byte', async () => {
    const { store } = tempStore();
    const content = Buffer.alloc(3 * 1024 * 1024, 0);
    for (let at = 0; at < content.length; at += 4) content.writeUInt32BE(at, at);
    await store.put('audio/long.mp3', Readable.from([content]), 'audio/mpeg');
    const read = async (start: number, end: number) => {
      const chunks: Buffer[] = [];
      for await (const chunk of await store.read('audio/long.mp3', { start, end }))
        chunks.push(chunk as Buffer);
      return { chunks: chunks.length, bytes: Buffer.concat(chunks) };
    };
    const small = await read(1000, 1000 + 256 * 1024 - 1);
    expect(small.chunks).toBe(1);
    expect(small.bytes.equals(content.subarray(1000, 1000 + 256 * 1024))).toBe(true);
    const long = await read(7, content.length - 1);
    expect(long.chunks).toBeGreaterThan(1);
    expect(long.bytes.equals(content.subarray(7))).toBe(true);
    // Past the end: what there is.
    expect((await read(content.length - 4, content.length + 10)).bytes.length).toBe(4);
  });
});

describe('uploads and serving', () => {
  const app = (maxBytes: number) => {
    const { dir, store } = tempStore();
    const server = express();
    server.post('/up', async (req, res, next) => {
      try {
        res
          .status(201)
          .json(
            await receiveUpload(req, store, { kind: 'audio', maxBytes, keyFor: (ext) => `audio/x.${ext}` }),
          );
      } catch (err) {
        next(err);
      }
    });
    server.get(
      '/media/:file',
      serveBlob(store, { keyOf: (req) => `audio/${req.params.file}`, cacheControl: 'public, max-age=60' }),
    );
    server.use(errorMiddleware(createLogger('test', 'silent')));
    return { dir, server };
  };

  it('cuts off an upload over the limit with 413 and keeps nothing', async () => {
    const { dir, server } = app(10_000);
    const res = await request(server)
      .post('/up')
      .attach('file', wavTone({ seconds: 2, notes: [440] }), 'big.wav')
      .expect(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
    expect(files(dir)).toEqual([]);
    const two = await request(server)
      .post('/up')
      .attach('other', wavTone({ seconds: 0.1, notes: [440] }), 'a.wav')
      .expect(400);
    expect(two.body.error).toMatch(/named "file"/);
  });

  it('serves whole files, suffix ranges, HEAD and conditional requests', async () => {
    const { server } = app(1_000_000);
    const wav = wavTone({ seconds: 0.5, notes: [440] });
    await request(server).post('/up').attach('file', wav, 'a.wav').expect(201);
    const whole = await request(server).get('/media/x.wav').expect(200);
    expect(Buffer.compare(whole.body as Buffer, wav)).toBe(0);
    const tail = await request(server).get('/media/x.wav').set('range', 'bytes=-10').expect(206);
    expect(tail.headers['content-range']).toBe(`bytes ${wav.length - 10}-${wav.length - 1}/${wav.length}`);
    expect(Buffer.compare(tail.body as Buffer, wav.subarray(-10))).toBe(0);
    const head = await request(server).head('/media/x.wav').expect(200);
    expect(Number(head.headers['content-length'])).toBe(wav.length);
    await request(server)
      .get('/media/x.wav')
      .set('if-none-match', whole.headers.etag as string)
      .expect(304);
    const multi = await request(server).get('/media/x.wav').set('range', 'bytes=0-1,4-5').expect(200);
    expect(Number(multi.headers['content-length'])).toBe(wav.length);
    await request(server).get('/media/y.wav').expect(404);
  });
});

describe('where the audio starts', () => {
  it('is after the ID3v2 tag (and its footer), or at 0 without one', async () => {
    const { store } = tempStore();
    // A tag of 0x0101 = 257 bytes in syncsafe notation (two 7-bit groups: 2 × 128 + 1).
    const tag = (flags: number) => Buffer.from([0x49, 0x44, 0x33, 4, 0, flags, 0, 0, 2, 1]);
    const put = (key: string, bytes: Buffer) => store.put(key, Readable.from([bytes]), 'audio/mpeg');
    await put('audio/tagged.mp3', Buffer.concat([tag(0), Buffer.alloc(400)]));
    await put('audio/footer.mp3', Buffer.concat([tag(0x10), Buffer.alloc(400)]));
    await put('audio/plain.wav', wavTone({ seconds: 0.1, notes: [440] }));
    expect(await audioOffset(store, 'audio/tagged.mp3')).toBe(10 + 257);
    expect(await audioOffset(store, 'audio/footer.mp3')).toBe(10 + 257 + 10);
    expect(await audioOffset(store, 'audio/plain.wav')).toBe(0);
  });
});
