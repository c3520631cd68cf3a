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
    await this.saveMany([contact]);
  }

  /** Several members' addresses in one statement to the store (a batch of identity's events). */
  async saveMany(contacts: ContactRecord[]): Promise<void> {
    if (contacts.length === 0) return;
    await this.model.bulkWrite(
      contacts.map(({ _id, ...fields }) => ({
        updateOne: { filter: { _id }, update: { $set: fields }, upsert: true },
      })),
    );
  }

  async remove(userId: string): Promise<void> {
    await this.model.deleteOne({ _id: userId });
  }
}
