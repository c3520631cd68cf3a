import { Schema, type Connection } from 'mongoose';
import { isDuplicateKey, present } from '@podz/kit';

const markSchema = new Schema(
  { _id: String, at: Date, done: Boolean },
  { collection: 'once_marks', versionKey: false },
);

/**
 * Keys of things done once whatever the number of times an event arrives: a mail sent for one
 * notification to one member (`mail:<id>:<userId>`), an episode announced (`episode:<id>`).
 * Each is one insert on `_id`, which the store keeps unique across instances.
 */
export class OnceMarks {
  private readonly model;

  constructor(db: Connection) {
    this.model = db.model('OnceMark', markSchema);
  }

  /** True for the first claim of the key; false once it is claimed (or done). */
  async claim(key: string): Promise<boolean> {
    try {
      await this.model.collection.insertOne({ _id: key as never, at: new Date(), done: false });
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  async isDone(key: string): Promise<boolean> {
    return Boolean((await this.model.findById(key).lean())?.done);
  }

  async markDone(key: string): Promise<void> {
    await this.model.updateOne({ _id: key }, { $set: { done: true } }, { upsert: true });
  }

  /** When the service first ran here: what happened before is history, not news (kept on first run). */
  async firstRun(now: Date): Promise<Date> {
    await this.model.updateOne(
      { _id: 'first-run' },
      { $setOnInsert: { at: now, done: true } },
      { upsert: true },
    );
    return present(await this.model.findById('first-run').lean(), 'first-run mark').at as Date;
  }

  /** Gives the key back, so a failed attempt can be made again. */
  async release(key: string): Promise<void> {
    await this.model.deleteOne({ _id: key });
  }
}
