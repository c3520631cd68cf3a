import { isDuplicateKey, newWithEvents, withEvents, type OutboxRelay, type PendingEvent } from '@podz/kit';
import type { PageSlug } from '@podz/proto';
import type { PageModel, PageRecord, PageVersionRecord } from './page-model';

/** Pages in the store, keyed by slug. */
export class PageRepository {
  constructor(
    private readonly model: PageModel,
    private readonly relay: OutboxRelay,
  ) {}

  find(slug: PageSlug): Promise<PageRecord | null> {
    return this.model.findById(slug).lean<PageRecord>();
  }

  /**
   * Publishes `next` over the version `from` (0 = never saved), keeping `keep` versions. False when
   * someone else saved first: the caller decides whether to retry or report a conflict.
   */
  async publish(
    slug: PageSlug,
    from: number,
    next: PageVersionRecord,
    history: PageVersionRecord[],
    events: PendingEvent[],
  ): Promise<boolean> {
    const fields = { ...next, history };
    if (from === 0) {
      try {
        await this.model.create(newWithEvents({ _id: slug, ...fields }, events));
      } catch (err) {
        if (isDuplicateKey(err)) return false;
        throw err;
      }
    } else {
      const result = await this.model.updateOne(
        { _id: slug, version: from },
        withEvents({ $set: fields }, events),
      );
      if (result.modifiedCount === 0) return false;
    }
    this.relay.kick(this.model);
    return true;
  }
}
