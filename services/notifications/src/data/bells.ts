import { Schema, type Connection } from 'mongoose';
import { changeVersioned, type Versioned } from './versioned-change';
import { BELL_SIZE, type NotificationCategory } from '@podz/proto';

export interface BellItem {
  id: string;
  category: NotificationCategory;
  title: string;
  body: string;
  href: string;
  createdAt: Date;
  read: boolean;
}

/** One member's bell: their latest notifications, newest first, at most BELL_SIZE. */
export interface BellRecord extends Versioned {
  items: BellItem[];
}

const bellSchema = new Schema(
  { _id: String, items: { type: [Schema.Types.Mixed], default: [] }, v: Number },
  { collection: 'bells', versionKey: false },
);
const bellModel = (db: Connection) => db.model('Bell', bellSchema);

export const unreadIn = (bell: Pick<BellRecord, 'items'> | null) =>
  bell ? bell.items.filter((item) => !item.read).length : 0;

/**
 * The bells, one document per member keyed by their id: showing the bell, counting what is
 * unread and adding a notification each read or write that one document, whatever the number
 * of members or notifications.
 */
export class Bells {
  private readonly model: ReturnType<typeof bellModel>;

  constructor(db: Connection) {
    this.model = bellModel(db);
  }

  /**
   * Through the driver: the record is plain already, and a mongoose query per read (casting,
   * middleware, lean conversion) showed in the bell-read benchmark, the member's most frequent read.
   */
  async find(userId: string): Promise<BellRecord | null> {
    return (await this.model.collection.findOne({ _id: userId as never })) as BellRecord | null;
  }

  /** Adds the notification unless the bell already holds one with its id (a repeated event). */
  add(userId: string, item: BellItem): Promise<BellRecord | undefined> {
    return changeVersioned<BellRecord>(this.model as never, userId, (bell) => {
      if (bell?.items.some((kept) => kept.id === item.id)) return undefined;
      return { items: [item, ...(bell?.items ?? [])].slice(0, BELL_SIZE) };
    });
  }

  /** Marks the named notifications read (all of them without ids); undefined when nothing changed. */
  markRead(userId: string, ids?: string[]): Promise<BellRecord | undefined> {
    const wanted = ids && new Set(ids);
    return changeVersioned<BellRecord>(this.model as never, userId, (bell) => {
      const changes = bell?.items.filter((item) => !item.read && (!wanted || wanted.has(item.id)));
      if (!bell || !changes?.length) return undefined;
      return {
        items: bell.items.map((item) => (changes.includes(item) ? { ...item, read: true } : item)),
      };
    });
  }

  async remove(userId: string): Promise<void> {
    await this.model.deleteOne({ _id: userId });
  }
}
