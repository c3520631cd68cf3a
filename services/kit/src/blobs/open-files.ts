import { open, type FileHandle } from 'node:fs/promises';
import type { Stats } from 'node:fs';

interface Held {
  opened: Promise<{ handle: FileHandle; stats: Stats } | undefined>;
  users: number;
  until: number;
  /** Replaced or expired: closed once its last reader is done. */
  retired: boolean;
}

export interface OpenFile {
  handle: FileHandle;
  stats: Stats;
  release(): void;
}

/**
 * Files kept open for a moment after use. An episode's file is read many times a second while it
 * is new (every player asks in ranges), and opening, stating and closing it for each range cost
 * catalog more than reading the bytes. Names are never reused for other content, so a held file is
 * the file; a file deleted meanwhile is still served by a process that held it, for `holdMs` at most.
 */
export class OpenFiles {
  private readonly held = new Map<string, Held>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly holdMs = 1000,
    private readonly max = 64,
  ) {
    this.sweeper = setInterval(() => this.sweep(Date.now()), holdMs);
    this.sweeper.unref();
  }

  /** The file open, to be released when read; undefined when there is no such file. */
  async acquire(file: string): Promise<OpenFile | undefined> {
    const now = Date.now();
    let entry = this.held.get(file);
    if (!entry || entry.until <= now) {
      if (entry) this.retire(file, entry);
      entry = { opened: openFile(file), users: 0, until: now + this.holdMs, retired: false };
      this.held.set(file, entry);
      if (this.held.size > this.max) this.retireOldest();
    }
    const held = entry;
    held.users++;
    const opened = await held.opened.catch((err: unknown) => {
      this.done(file, held);
      throw err;
    });
    if (!opened) {
      this.done(file, held);
      if (this.held.get(file) === held) this.held.delete(file);
      return undefined;
    }
    let released = false;
    return {
      ...opened,
      release: () => {
        if (released) return;
        released = true;
        this.done(file, held);
      },
    };
  }

  /** Forgets the file now (it was deleted here); readers already holding it finish. */
  forget(file: string): void {
    const entry = this.held.get(file);
    if (entry) this.retire(file, entry);
  }

  close(): void {
    clearInterval(this.sweeper);
    for (const [file, entry] of this.held) this.retire(file, entry);
  }

  private done(file: string, entry: Held): void {
    entry.users--;
    if (entry.retired && entry.users === 0) closeHeld(entry);
  }

  private retire(file: string, entry: Held): void {
    if (this.held.get(file) === entry) this.held.delete(file);
    if (entry.retired) return;
    entry.retired = true;
    if (entry.users === 0) closeHeld(entry);
  }

  private retireOldest(): void {
    const [file, entry] = this.held.entries().next().value ?? [];
    if (file !== undefined && entry) this.retire(file, entry);
  }

  private sweep(now: number): void {
    for (const [file, entry] of this.held) if (entry.until <= now) this.retire(file, entry);
  }
}

async function openFile(file: string): Promise<{ handle: FileHandle; stats: Stats } | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return undefined;
    throw err;
  }
  try {
    const stats = await handle.stat();
    if (stats.isFile()) return { handle, stats };
  } catch (err) {
    await handle.close().catch(() => undefined);
    throw err;
  }
  await handle.close().catch(() => undefined);
  return undefined;
}

function closeHeld(entry: Held): void {
  void entry.opened.then((opened) => opened?.handle.close()).catch(() => undefined);
}
