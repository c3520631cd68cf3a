import type { DocModel, DocRecord } from './doc-model';
import { isDuplicateKey, present } from '@podz/kit';

/** Documentation pages, keyed by slug. */
export class DocRepository {
  constructor(private readonly model: DocModel) {}

  list(): Promise<Pick<DocRecord, '_id' | 'title' | 'updatedAt'>[]> {
    return this.model
      .find({}, { _id: 1, title: 1, updatedAt: 1 })
      .sort({ title: 1 })
      .lean<Pick<DocRecord, '_id' | 'title' | 'updatedAt'>[]>();
  }

  find(slug: string): Promise<DocRecord | null> {
    return this.model.findById(slug).lean<DocRecord>();
  }

  async save(slug: string, fields: Pick<DocRecord, 'title' | 'markdown' | 'updatedBy'>): Promise<DocRecord> {
    await this.model.updateOne({ _id: slug }, { $set: fields }, { upsert: true });
    return present(await this.find(slug), `doc ${slug}`);
  }

  /** Adds the page unless one with its slug exists: seeding never overwrites an admin's edits. */
  async addIfMissing(slug: string, fields: Pick<DocRecord, 'title' | 'markdown'>): Promise<void> {
    try {
      await this.model.create({ _id: slug, ...fields, updatedBy: null });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }

  async remove(slug: string): Promise<boolean> {
    return (await this.model.deleteOne({ _id: slug })).deletedCount === 1;
  }
}
