import { Schema, type Connection } from 'mongoose';
import {
  BELL_CATEGORIES,
  NOTIFICATION_CATEGORIES,
  type NotificationCategory,
  type Preferences,
  type UpdatePreferencesBody,
} from '@podz/proto';

const preferencesSchema = new Schema(
  { _id: String, bell: { type: Object, default: {} }, email: { type: Object, default: {} } },
  { collection: 'preferences', versionKey: false, minimize: false },
);
const preferencesModel = (db: Connection) => db.model('Preferences', preferencesSchema);

/** Every switch, with the member's choices over the defaults (everything on). */
export interface Switches {
  bell: Record<NotificationCategory, boolean>;
  email: Record<NotificationCategory, boolean>;
}

const ALL = Object.keys(NOTIFICATION_CATEGORIES) as NotificationCategory[];

function withDefaults(stored: Partial<Preferences> | null): Switches {
  const bell = Object.fromEntries(
    ALL.map((c) => [c, BELL_CATEGORIES.includes(c) && stored?.bell?.[c as never] !== false]),
  );
  const email = Object.fromEntries(ALL.map((c) => [c, stored?.email?.[c as never] !== false]));
  return { bell, email } as Switches;
}

/** A member's notification switches, one document keyed by their id (none until they change one). */
export class PreferenceStore {
  private readonly model: ReturnType<typeof preferencesModel>;

  constructor(db: Connection) {
    this.model = preferencesModel(db);
  }

  async find(userId: string): Promise<Switches> {
    return withDefaults((await this.model.findById(userId).lean()) as Partial<Preferences> | null);
  }

  /** Sets the given switches; the others keep their values. */
  async update(userId: string, changes: UpdatePreferencesBody): Promise<Switches> {
    const set: Record<string, boolean> = {};
    for (const channel of ['bell', 'email'] as const) {
      for (const [category, on] of Object.entries(changes[channel] ?? {})) {
        if (on !== undefined) set[`${channel}.${category}`] = on;
      }
    }
    if (Object.keys(set).length > 0)
      await this.model.updateOne({ _id: userId }, { $set: set }, { upsert: true });
    return this.find(userId);
  }

  async remove(userId: string): Promise<void> {
    await this.model.deleteOne({ _id: userId });
  }
}
