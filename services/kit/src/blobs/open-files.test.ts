import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OpenFiles } from './open-files';

const dir = mkdtempSync(path.join(tmpdir(), 'podz-open-files-'));
const file = (name: string, content = name) => {
  const at = path.join(dir, name);
  writeFileSync(at, content);
  return at;
};
// A closed FileHandle answers -1 for its descriptor.
const isOpen = (handle: { fd: number } | undefined) => handle !== undefined && handle.fd !== -1;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('files kept open for a moment', () => {
  it('reuses one open file while it is held, and closes it once the hold is over', async () => {
    const files = new OpenFiles(100);
    const a = file('a.mp3', 'hello');
    const first = await files.acquire(a);
    first?.release();
    const second = await files.acquire(a);
    second?.release();
    expect(second?.handle.fd).toBe(first?.handle.fd);
    expect(second?.stats.size).toBe(5);
    expect(isOpen(first?.handle)).toBe(true);
    await sleep(300);
    expect(isOpen(first?.handle)).toBe(false);
    const third = await files.acquire(a);
    expect(isOpen(third?.handle)).toBe(true);
    expect(third?.handle).not.toBe(first?.handle);
    third?.release();
    files.close();
  });

  it('does not close a file under a reader: it waits for the last release', async () => {
    const files = new OpenFiles(50);
    const b = file('b.mp3', 'abcdef');
    const reading = await files.acquire(b);
    await sleep(200);
    // The hold ran out while the read went on: the file is still open and readable.
    const buffer = Buffer.alloc(3);
    const { bytesRead } = await reading!.handle.read(buffer, 0, 3, 2);
    expect(buffer.subarray(0, bytesRead).toString()).toBe('cde');
    reading?.release();
    reading?.release(); // twice is once
    await sleep(20);
    expect(isOpen(reading?.handle)).toBe(false);
    files.close();
  });

  it('answers nothing for a missing file or a folder, and keeps at most `max` files open', async () => {
    const files = new OpenFiles(10_000, 2);
    expect(await files.acquire(path.join(dir, 'missing.mp3'))).toBeUndefined();
    expect(await files.acquire(dir)).toBeUndefined();
    const handles = [];
    for (const name of ['c.mp3', 'd.mp3', 'e.mp3', 'f.mp3']) {
      const held = await files.acquire(file(name));
      held?.release();
      handles.push(held?.handle);
    }
    await sleep(20);
    expect(handles.map(isOpen)).toEqual([false, false, true, true]);
    files.forget(path.join(dir, 'f.mp3'));
    await sleep(20);
    expect(handles.map(isOpen)).toEqual([false, false, true, false]);
    files.close();
    await sleep(20);
    expect(handles.some(isOpen)).toBe(false);
  });
});
