import type { Logger } from '../logging/logger';
import type { Heard, ListenTarget } from './record-listens';

/** Requests held at once, across targets; beyond it the newest are dropped and counted. */
const HELD_MAX = 20_000;

export interface UnplacedListensOptions {
  /**
   * Whether a target no record could be placed on yet will be (a new episode's file before the
   * service heard of its episode): resolves true once it is, false when it will not be.
   */
  placed: (target: ListenTarget) => Promise<boolean>;
  /** Where a request goes once its target is placed: back on the record stream, for a later batch. */
  again: (heard: Heard) => void;
  logger: Logger;
  limit?: number;
}

const keyOf = (target: ListenTarget) => (target.kind === 'audio' ? `a\n${target.file}` : `f\n${target.uId}`);

/**
 * Requests whose target is not placed yet, held aside so no other listen waits for them: the batch
 * they came in leaves without them, each target is asked about once however many of its requests
 * wait, and its requests go back to the stream together when it is placed, or are dropped when it
 * is not. Held requests live in this process only: a stop or a crash while they wait loses them.
 */
export class UnplacedListens {
  private readonly waiting = new Map<string, Heard[]>();
  private readonly limit: number;
  private heldCount = 0;
  /** Requests dropped because too many were held. */
  dropped = 0;

  constructor(private readonly options: UnplacedListensOptions) {
    this.limit = options.limit ?? HELD_MAX;
  }

  /** How many requests wait. */
  get held(): number {
    return this.heldCount;
  }

  hold(heard: Heard): void {
    if (this.heldCount >= this.limit) {
      this.dropped += 1;
      return;
    }
    this.heldCount += 1;
    const key = keyOf(heard.target);
    const waiting = this.waiting.get(key);
    if (waiting) {
      waiting.push(heard);
      return;
    }
    this.waiting.set(key, [heard]);
    void this.settle(key, heard.target);
  }

  private async settle(key: string, target: ListenTarget): Promise<void> {
    let placed = false;
    try {
      placed = await this.options.placed(target);
    } catch (err) {
      this.options.logger.warn({ err, target }, 'listen target not looked up');
    }
    const waiting = this.waiting.get(key) ?? [];
    this.waiting.delete(key);
    this.heldCount -= waiting.length;
    if (placed) for (const heard of waiting) this.options.again(heard);
  }
}
