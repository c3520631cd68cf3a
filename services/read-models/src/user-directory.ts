import { Schema, type Connection } from 'mongoose';
import { modelOnce } from './model-once';
import { DEFAULT_PROFILE_PICTURE, type UserRef } from '@podz/proto';
import type { AuthUser } from '@podz/kit';

// Who exists, as identity last told this service: names and pictures shown beside a user's things.
const knownUserSchema = new Schema(
  {
    _id: { type: String },
    username: { type: String, required: true },
    profilePicture: { type: String, required: true },
    // Only services that address users by access (messaging's admin messages) keep it filled.
    access: { type: [String], default: [], index: true },
  },
  { timestamps: true, collection: 'users' },
);

const knownUserModel = (db: Connection) => modelOnce(db, 'KnownUser', knownUserSchema);

type KnownUser = { _id: string; username: string; profilePicture: string; access?: string[] };

const toRef = (row: KnownUser): UserRef => ({
  id: row._id,
  username: row.username,
  profilePicture: row.profilePicture,
});

/**
 * A service's read model of users, fed by `identity.user.v1`: every service that names users
 * (owners, requesters, participants) keeps one, so it never calls identity to show a name.
 */
export class UserDirectory {
  private readonly model: ReturnType<typeof knownUserModel>;

  constructor(db: Connection) {
    this.model = knownUserModel(db);
  }

  init(): Promise<unknown> {
    return this.model.init();
  }

  async upsert(user: UserRef, access?: readonly string[]): Promise<void> {
    await this.upsertMany([{ user, access }]);
  }

  /** Several users in one statement to the store (a batch of identity's events), in order. */
  async upsertMany(users: { user: UserRef; access?: readonly string[] }[]): Promise<void> {
    if (users.length === 0) return;
    await this.model.bulkWrite(
      users.map(({ user, access }) => ({
        updateOne: {
          filter: { _id: user.id },
          update: {
            $set: {
              username: user.username,
              profilePicture: user.profilePicture,
              ...(access ? { access: [...access] } : {}),
            },
          },
          upsert: true,
        },
      })),
    );
  }

  async setAccess(id: string, access: readonly string[]): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: { access: [...access] } });
  }

  /** The ids of everyone holding the access value. */
  async idsWithAccess(value: string): Promise<string[]> {
    const rows = await this.model.find({ access: value }, { _id: 1 }).lean<{ _id: string }[]>();
    return rows.map((row) => row._id);
  }

  async remove(id: string): Promise<void> {
    await this.model.deleteOne({ _id: id });
  }

  async find(id: string): Promise<UserRef | undefined> {
    const user = await this.model.findById(id).lean<KnownUser>();
    return user ? toRef(user) : undefined;
  }

  /** The users with these ids, in the same order; undefined for the unknown ones. */
  async findMany(ids: string[]): Promise<(UserRef | undefined)[]> {
    const rows = await this.model.find({ _id: { $in: ids } }).lean<KnownUser[]>();
    const byId = new Map(rows.map((row) => [row._id, toRef(row)]));
    return ids.map((id) => byId.get(id));
  }

  /** The caller as a read model, even before identity's event about them has arrived. */
  async caller(user: AuthUser): Promise<UserRef> {
    return (
      (await this.find(user.id)) ?? {
        id: user.id,
        username: user.username,
        profilePicture: DEFAULT_PROFILE_PICTURE,
      }
    );
  }
}
