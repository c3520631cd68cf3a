import { Types } from 'mongoose';
import type { Logger, OutboxRelay, PendingEvent } from '@podz/kit';
import {
  findInIdOrder,
  keyed,
  keyedOrNull,
  newWithEvents,
  withEvents,
  escapeRegex,
  present,
  markDeleted,
} from '@podz/kit';
import { USER_TYPE_ACCESS, type Access, type UserType } from '@podz/proto';
import type { PeopleLists } from './people-lists';
import type { StoredUser, UserModel, UserRecord } from './user-model';

export type { UserRecord };

export interface NewUser {
  username: string;
  email: string;
  emailVerifiedAt?: Date | null;
  passwordHash: string;
  role: Access;
  access: Access[];
  plan?: string;
  profilePicture?: string | null;
  bio?: string;
  links?: string[];
}

/** Fields a use case may set; `sessionVersion` only moves through `bumpSession`. */
export type UserChanges = Partial<Omit<NewUser, 'passwordHash'>> & { passwordHash?: string };

export interface UserFilter {
  /** Users of this type (holding any of its access values); undefined for everyone. */
  type?: UserType;
  plan?: string;
  /** A prefix of the username, or of the email with `searchBy: 'email'`. */
  search?: string;
  searchBy?: 'username' | 'email';
}

const live = { deletedAt: null };

/**
 * Users in the store. Writes that carry events kick the relay so they leave at once, and place the
 * user in the people lists (a failure there is repaired from the user's event).
 */
export class UserRepository {
  constructor(
    private readonly model: UserModel,
    private readonly relay: OutboxRelay,
    private readonly people: PeopleLists,
    private readonly logger: Logger,
  ) {}

  async findById(id: string): Promise<UserRecord | null> {
    return this.model
      .findOne({ _id: new Types.ObjectId(id), ...live })
      .lean<StoredUser>()
      .then(keyedOrNull);
  }

  /** The users with these ids, in the order of the ids (those gone are left out): keyed reads. */
  findByIds(ids: string[]): Promise<UserRecord[]> {
    return findInIdOrder<StoredUser>(this.model, ids, live);
  }

  /** Every live user, one at a time: for rebuilding the lists, never per request. */
  async forEach(visit: (user: UserRecord) => Promise<void>) {
    for await (const user of this.model.find(live).lean<StoredUser[]>().cursor()) {
      await visit(keyed(user as StoredUser));
    }
  }

  async findByIdWithPassword(id: string): Promise<UserRecord | null> {
    return this.model
      .findOne({ _id: new Types.ObjectId(id), ...live })
      .select('+passwordHash')
      .lean<StoredUser>()
      .then(keyedOrNull);
  }

  /** A sign-in name is either the username (any case) or the email address. */
  async findByLogin(login: string): Promise<UserRecord | null> {
    const key = login.trim().toLowerCase();
    const field = key.includes('@') ? { email: key } : { usernameKey: key };
    return this.model
      .findOne({ ...field, ...live })
      .select('+passwordHash')
      .lean<StoredUser>()
      .then(keyedOrNull);
  }

  /** The live account with this username (any case), by its unique key. */
  findByUsername(username: string): Promise<UserRecord | null> {
    return this.model
      .findOne({ usernameKey: username.trim().toLowerCase(), ...live })
      .lean<StoredUser>()
      .then(keyedOrNull);
  }

  /** The live account with this address, if any. */
  findByEmail(email: string): Promise<UserRecord | null> {
    return this.model
      .findOne({ email: email.trim().toLowerCase(), ...live })
      .lean<StoredUser>()
      .then(keyedOrNull);
  }

  /** Which of username and email another account already uses. */
  async taken(username: string | undefined, email: string | undefined, exceptId?: string) {
    const except = exceptId ? { _id: { $ne: new Types.ObjectId(exceptId) } } : {};
    const [usernameTaken, emailTaken] = await Promise.all([
      username ? this.model.exists({ usernameKey: username.toLowerCase(), ...except }) : null,
      email ? this.model.exists({ email: email.toLowerCase(), ...except }) : null,
    ]);
    return { username: Boolean(usernameTaken), email: Boolean(emailTaken) };
  }

  async create(user: NewUser, events: (id: string) => PendingEvent[]): Promise<UserRecord> {
    const _id = new Types.ObjectId();
    const fields = {
      _id,
      ...user,
      usernameKey: user.username.toLowerCase(),
      email: user.email.toLowerCase(),
    };
    await this.model.create(newWithEvents(fields, events(_id.toHexString())));
    this.relay.kick(this.model);
    const created = present(await this.findById(_id.toHexString()), `user ${_id.toHexString()}`);
    await this.placed(created.id, created);
    return created;
  }

  /** Applies changes and their events in one write; undefined when the user is gone. */
  async update(
    id: string,
    changes: UserChanges,
    events: PendingEvent[],
    options: { bumpSession?: boolean } = {},
  ): Promise<UserRecord | null> {
    const $set: Record<string, unknown> = { ...changes };
    if (changes.username) $set.usernameKey = changes.username.toLowerCase();
    const update: Record<string, unknown> = Object.keys($set).length ? { $set } : {};
    if (options.bumpSession) update.$inc = { sessionVersion: 1 };
    // updateOne and a read rather than findOneAndUpdate: FerretDB cannot project on findAndModify,
    // and the schema hides passwordHash and the outbox by projection.
    const result = await this.model.updateOne(
      { _id: new Types.ObjectId(id), ...live },
      withEvents(update, events),
    );
    const updated = result.matchedCount === 1 ? await this.findById(id) : null;
    if (events.length) this.relay.kick(this.model);
    if (updated) await this.placed(id, updated);
    return updated;
  }

  /**
   * Deletes the account but keeps an anonymized tombstone carrying the deletion event, since the
   * outbox lives in the document: removing it outright would lose the event.
   */
  async markDeleted(id: string, events: PendingEvent[]): Promise<boolean> {
    const key = `deleted-${id}`;
    const fields = {
      username: 'deleted user',
      usernameKey: key,
      email: `${key}@deleted.invalid`,
      passwordHash: '!',
      profilePicture: null,
      bio: '',
      links: [],
      access: [],
    };
    // The session version moves with it, so every token the account holds stops at once.
    const deleted = await markDeleted(this.model, this.relay, id, fields, events, { sessionVersion: 1 });
    await this.placed(id, null);
    return deleted;
  }

  /** A page straight from the store (sorted in Go there): only while the people lists are rebuilt. */
  async list(
    filter: UserFilter,
    page: number,
    limit: number,
  ): Promise<{ items: UserRecord[]; total: number }> {
    const query = this.query(filter);
    const [items, total] = await Promise.all([
      this.model
        .find(query)
        .sort({ usernameKey: 1 })
        .skip((page - 1) * limit)
        .limit(limit)
        .lean<StoredUser[]>(),
      this.model.countDocuments(query),
    ]);
    return { items: items.map(keyed), total };
  }

  /** A count straight from the store: at start-up, and while the people lists are rebuilt. */
  count(filter: UserFilter): Promise<number> {
    return this.model.countDocuments(this.query(filter));
  }

  /** The user where the people lists should have them now; a failure waits for the event's repair. */
  private async placed(id: string, user: UserRecord | null): Promise<void> {
    await (user ? this.people.place(user) : this.people.drop(id)).catch((err: unknown) =>
      this.logger.warn({ err, userId: id }, 'people lists not updated; the user event will repair them'),
    );
  }

  private query(filter: UserFilter) {
    return {
      ...live,
      ...(filter.type ? { access: { $in: [...USER_TYPE_ACCESS[filter.type]] } } : {}),
      ...(filter.plan ? { plan: filter.plan } : {}),
      ...(filter.search
        ? {
            [filter.searchBy === 'email' ? 'email' : 'usernameKey']: {
              $regex: `^${escapeRegex(filter.search.toLowerCase())}`,
            },
          }
        : {}),
    };
  }
}
