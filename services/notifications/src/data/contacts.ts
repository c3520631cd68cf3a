import { Schema, type Connection } from 'mongoose';

/** Where to reach a member, as identity last said (`identity.contact.v1`). */
export interface ContactRecord {
  _id: string;
  username: string;
  email: string;
  verified: boolean;
}

const contactSchema = new Schema(
  { _id: String, username: String, email: String, verified: Boolean },
  { collection: 'contacts', versionKey: false },
);
const contactModel = (db: Connection) => db.model('Contact', contactSchema);

/** The only copy of members' addresses outside identity; mail goes to confirmed ones only. */
export class Contacts {
  private readonly model: ReturnType<typeof contactModel>;

  constructor(db: Connection) {
    this.model = contactModel(db);
  }

  async find(userId: string): Promise<ContactRecord | null> {
    return (await this.model.findById(userId).lean()) as ContactRecord | null;
  }

  async save(contact: ContactRecord): Promise<void> {
    const { _id, ...fields } = contact;
    await this.model.updateOne({ _id }, { $set: fields }, { upsert: true });
  }

  async remove(userId: string): Promise<void> {
    await this.model.deleteOne({ _id: userId });
  }
}
