import { Types } from 'mongoose';
import type { CatalogModels, MediaRecord } from './catalog-models';

/** Uploaded files, so shows and episodes refer to media by id and never trust a client's URL. */
export class MediaLibrary {
  constructor(private readonly model: CatalogModels['media']) {}

  async record(fields: Omit<MediaRecord, '_id' | 'createdAt' | 'updatedAt'>): Promise<MediaRecord> {
    const created = await this.model.create(fields);
    return created.toObject() as MediaRecord;
  }

  findById(id: string): Promise<MediaRecord | null> {
    return this.model.findById(new Types.ObjectId(id)).lean<MediaRecord>();
  }
}
