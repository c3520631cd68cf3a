import type { UserRef } from '@podz/proto';
import type { CatalogModels, KnownUser } from './catalog-models';

/** The users identity has told catalog about: who may be invited, credited or shown as an owner. */
export class UserDirectory {
  constructor(private readonly model: CatalogModels['users']) {}

  async upsert(user: UserRef): Promise<void> {
    await this.model.updateOne(
      { _id: user.id },
      { $set: { username: user.username, profilePicture: user.profilePicture } },
      { upsert: true },
    );
  }

  async remove(id: string): Promise<void> {
    await this.model.deleteOne({ _id: id });
  }

  async find(id: string): Promise<UserRef | undefined> {
    const user = await this.model.findById(id).lean<KnownUser>();
    return user ? { id: user._id, username: user.username, profilePicture: user.profilePicture } : undefined;
  }

  /** The users with these ids, in the same order; undefined for the unknown ones. */
  async findMany(ids: string[]): Promise<(UserRef | undefined)[]> {
    const rows = await this.model.find({ _id: { $in: ids } }).lean<KnownUser[]>();
    const byId = new Map(rows.map((row) => [row._id, row]));
    return ids.map((id) => {
      const row = byId.get(id);
      return row ? { id, username: row.username, profilePicture: row.profilePicture } : undefined;
    });
  }
}
