import type { Logger } from '../logging/logger';
import type { BackgroundJobs } from '../service/background-jobs';
import { pageFromList } from './page-from-list';
import type { Placement, RankedLists, RankedPage } from './ranked-lists';

/** One kind of record kept in lists: where each belongs, and how to read the store for it. */
export interface ListFamily<T> {
  /** Names the family in Redis (its entries' memory) and in the logs. */
  name: string;
  /** Every list a full rebuild fills: each gets its built marker. */
  lists: readonly string[];
  placements(record: T): Placement[];
  /** Orders entries whose scores tie (a list by name); '' orders them by id. */
  sortKey(record: T): string;
  findById(id: string): Promise<T | null>;
  findByIds(ids: string[]): Promise<T[]>;
  /** Every record in the store, for a rebuild. */
  forEach(visit: (record: T) => Promise<void>): Promise<void>;
}

type Identified = { id: string };

/**
 * A family of lists kept beside the store (kit RankedLists), the way every service keeps them:
 * each write places what it wrote (`placed`); the family's own events place it again from the store
 * (`sync`), so a crash or a Redis failure between the write and the list loses nothing; a family
 * that is not built is rebuilt from the store in the background (`ensure`), and until it is, pages
 * come from the store (`page`'s fallback).
 */
export class ListKeeper<T extends Identified> {
  constructor(
    private readonly lists: RankedLists,
    private readonly family: ListFamily<T>,
    private readonly logger: Logger,
    private readonly background: BackgroundJobs,
  ) {}

  /**
   * After a write: the record where its lists want it now (null: out of all of them). When that
   * fails, the family counts as not built if Redis still answers, so the next reader rebuilds it
   * (the repair for families without events); otherwise the family's events repair it.
   */
  async placed(id: string, record: T | null): Promise<void> {
    await this.place(id, record).catch(async (err: unknown) => {
      this.logger.warn({ err, family: this.family.name, id }, 'list not updated; it will be repaired');
      await this.lists.unmarkBuilt([...this.family.lists]).catch(() => undefined);
    });
  }

  /** The record placed as the store has it now. */
  async sync(id: string): Promise<void> {
    await this.place(id, await this.family.findById(id));
  }

  /** Builds the family from the store unless it is built (another process may be doing it). */
  async ensure(): Promise<void> {
    if (await this.lists.allBuilt(this.family.lists)) return;
    await this.lists.withRebuildLock(this.family.name, async () => {
      await this.family.forEach((record) => this.place(record.id, record));
      await this.lists.markBuilt([...this.family.lists]);
    });
  }

  /**
   * A page of `list`, highest score first (newest first for lists scored by time). `builtWith`
   * names the family list whose marker covers it (lists made per user are too many to mark).
   */
  descending(list: string, offset: number, count: number, builtWith?: string): Promise<RankedPage | null> {
    return this.lists.descending(list, Infinity, offset, count, builtWith);
  }

  /** Entries whose sort key starts with `prefix`, in sort-key order (a list whose scores tie). */
  withPrefix(
    list: string,
    prefix: string,
    offset: number,
    count: number,
    builtWith?: string,
  ): Promise<RankedPage | null> {
    return this.lists.withPrefix(list, prefix, offset, count, builtWith);
  }

  /** Starts `ensure` unless it is running. */
  ensureLater(): void {
    this.background.once(`${this.family.name} lists`, () => this.ensure());
  }

  /**
   * A page read from a list, its records loaded by id and checked against `admits`; `fallback`
   * (the store) while the list cannot be read, and the family rebuilt meanwhile.
   */
  async page(
    read: () => Promise<RankedPage | null>,
    admits: (record: T) => boolean,
    fallback: () => Promise<{ items: T[]; total: number }>,
  ): Promise<{ items: T[]; total: number }> {
    const listed = await pageFromList(
      { lists: this.lists, logger: this.logger },
      read,
      (ids) => this.family.findByIds(ids),
      admits,
      (id) => this.sync(id),
    );
    if (listed) return listed;
    this.ensureLater();
    return fallback();
  }

  private place(id: string, record: T | null): Promise<void> {
    return this.lists.place(
      this.family.name,
      id,
      record ? this.family.sortKey(record) : '',
      record ? this.family.placements(record) : [],
    );
  }
}
