import { createHash, randomBytes } from 'node:crypto';
import { Schema, Types, type Connection } from 'mongoose';

/** What a one-time link lets its holder do. */
export type LinkPurpose = 'sign-in' | 'password-reset' | 'verification';

const linkTokenSchema = new Schema(
  {
    // The SHA-256 of the token: the store never holds a link that works.
    _id: { type: String, required: true },
    purpose: { type: String, required: true },
    userId: { type: Schema.Types.ObjectId, required: true },
    /** The address the link went to; the link works only for that address. */
    email: { type: String, required: true },
    /** `<purpose>:<userId>`: a new link of one purpose replaces the user's earlier ones. */
    holder: { type: String, required: true, index: true },
    // No TTL index (FerretDB has none): `claim` refuses an expired link, and each user holds at
    // most one per purpose, so the collection stays as small as the user base.
    expiresAt: { type: Date, required: true },
  },
  { collection: 'link_tokens', versionKey: false },
);

interface LinkTokenRecord {
  _id: string;
  purpose: LinkPurpose;
  userId: Types.ObjectId;
  email: string;
  holder: string;
  expiresAt: Date;
}

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** One-time links (sign-in, password reset, address verification), stored hashed, each used once. */
export class LinkTokens {
  private readonly model;

  constructor(db: Connection) {
    this.model = db.model('LinkToken', linkTokenSchema);
  }

  init() {
    return this.model.init();
  }

  /** A new link for the user; the token returned goes in the mail and nowhere else. */
  async issue(purpose: LinkPurpose, user: { id: string; email: string }, ttlSeconds: number) {
    const token = randomBytes(32).toString('base64url');
    const holder = `${purpose}:${user.id}`;
    await this.model.deleteMany({ holder });
    await this.model.create({
      _id: digest(token),
      purpose,
      userId: new Types.ObjectId(user.id),
      email: user.email.toLowerCase(),
      holder,
      expiresAt: new Date(Date.now() + ttlSeconds * 1000),
    });
    return token;
  }

  /**
   * Uses up the link: the user id when the token is one of `purpose` for `email` and has not
   * expired. Of two claims at once only the one whose delete removed the record wins.
   */
  async claim(purpose: LinkPurpose, token: string, email: string): Promise<string | undefined> {
    const _id = digest(token);
    const record = await this.model.findOne({ _id }).lean<LinkTokenRecord>();
    if (!record || record.purpose !== purpose || record.email !== email.toLowerCase()) return undefined;
    const { deletedCount } = await this.model.deleteOne({ _id });
    if (deletedCount !== 1 || record.expiresAt.getTime() <= Date.now()) return undefined;
    return record.userId.toHexString();
  }
}
