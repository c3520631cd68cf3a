import { Schema, type Connection } from 'mongoose';
import { changeVersioned, type Versioned } from './versioned-change';

/** An episode waiting for the member's next digest. */
export interface DigestItem {
  episodeId: string;
  title: string;
  showName: string;
  href: string;
}

export interface DigestRecord extends Versioned {
  items: DigestItem[];
  lastSentAt: Date | null;
}

/** More than this many new episodes in a day are summed up as "and N more". */
export const DIGEST_ITEMS_KEPT = 20;

const digestSchema = new Schema(
  {
    _id: String,
    items: { type: [Schema.Types.Mixed], default: [] },
    lastSentAt: Date,
    more: Number,
    v: Number,
  },
  { collection: 'digests', versionKey: false },
);

/** Each member's next digest, one document keyed by their id. */
export class Digests {
  private readonly model;

  constructor(db: Connection) {
    this.model = db.model('Digest', digestSchema);
  }

  /** Adds the episode (once); answers when the member last had a digest, or undefined if it was there. */
  async add(userId: string, item: DigestItem): Promise<{ lastSentAt: Date | null } | undefined> {
    const written = await changeVersioned<DigestRecord>(this.model as never, userId, (digest) => {
      if (digest?.items.some((kept) => kept.episodeId === item.episodeId)) return undefined;
      return { items: [...(digest?.items ?? []), item], lastSentAt: digest?.lastSentAt ?? null };
    });
    return written && { lastSentAt: written.lastSentAt };
  }

  /** Takes the waiting episodes out, recording the send time; empty when there were none. */
  async take(userId: string, now: Date): Promise<DigestItem[]> {
    let taken: DigestItem[] = [];
    await changeVersioned<DigestRecord>(this.model as never, userId, (digest) => {
      taken = digest?.items ?? [];
      if (!digest || taken.length === 0) return undefined;
      return { items: [], lastSentAt: now };
    });
    return taken;
  }

  /** Puts episodes back after a failed send, ahead of any that came since. */
  async putBack(userId: string, items: DigestItem[]): Promise<void> {
    await changeVersioned<DigestRecord>(this.model as never, userId, (digest) => {
      const later = (digest?.items ?? []).filter(
        (item) => !items.some((i) => i.episodeId === item.episodeId),
      );
      return { items: [...items, ...later], lastSentAt: null };
    });
  }

  async remove(userId: string): Promise<void> {
    await this.model.deleteOne({ _id: userId });
  }
}
