import { Types } from 'mongoose';
import type { OutboxRelay, PendingEvent } from '@podz/kit';
import { newWithEvents, withEvents } from '@podz/kit';
import type { Access } from '@podz/proto';
import type { UserModel, UserRecord } from './user-model';

export type { UserRecord };

export interface NewUser {
  username: string;
  email: string;
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
  /** Users holding any of these access values; undefined for everyone. */
  anyAccess?: readonly Access[];
  search?: string;
}

const live = { deletedAt: null };
const escapeRegex = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Users in the store. Writes that carry events kick the relay so they leave at once. */
export class UserRepository {
  constructor(
    private readonly model: UserModel,
    private readonly relay: OutboxRelay,
  ) {}

  async findById(id: string): Promise<UserRecord | null> {
    return this.model.findOne({ _id: new Types.ObjectId(id), ...live }).lean<UserRecord>();
  }

  async findByIdWithPassword(id: string): Promise<UserRecord | null> {
    return this.model
      .findOne({ _id: new Types.ObjectId(id), ...live })
      .select('+passwordHash')
      .lean<UserRecord>();
  }

  /** A sign-in name is either the username (any case) or the email address. */
  async findByLogin(login: string): Promise<UserRecord | null> {
    const key = login.trim().toLowerCase();
    const field = key.includes('@') ? { email: key } : { usernameKey: key };
    return this.model
      .findOne({ ...field, ...live })
      .select('+passwordHash')
      .lean<UserRecord>();
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
    this.relay.kick();
    return (await this.findById(_id.toHexString()))!;
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
    if (events.length) this.relay.kick();
    return updated;
  }

  /**
   * Deletes the account but keeps an anonymized tombstone carrying the deletion event, since the
   * outbox lives in the document: removing it outright would lose the event.
   */
  async markDeleted(id: string, events: PendingEvent[]): Promise<boolean> {
    const tombstone = `deleted-${id}`;
    const result = await this.model.updateOne(
      { _id: new Types.ObjectId(id), ...live },
      withEvents(
        {
          $set: {
            deletedAt: new Date(),
            username: 'deleted user',
            usernameKey: tombstone,
            email: `${tombstone}@deleted.invalid`,
            passwordHash: '!',
            profilePicture: null,
            bio: '',
            links: [],
            access: [],
          },
          $inc: { sessionVersion: 1 },
        },
        events,
      ),
    );
    this.relay.kick();
    return result.modifiedCount === 1;
  }

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
        .lean<UserRecord[]>(),
      this.model.countDocuments(query),
    ]);
    return { items, total };
  }

  count(filter: UserFilter): Promise<number> {
    return this.model.countDocuments(this.query(filter));
  }

  private query(filter: UserFilter) {
    return {
      ...live,
      ...(filter.anyAccess ? { access: { $in: [...filter.anyAccess] } } : {}),
      ...(filter.search ? { usernameKey: { $regex: `^${escapeRegex(filter.search.toLowerCase())}` } } : {}),
    };
  }
}
