import { keyed, keyedOrNull } from '@podz/kit';
import { Types } from 'mongoose';
import type { ListKeeper } from '@podz/kit';
import type { FormKind } from '@podz/proto';
import { formList, listsSubmission } from './form-lists';
import type { FormSubmissionModel, FormSubmissionRecord, StoredFormSubmission } from './form-model';

export interface NewSubmission {
  kind: FormKind;
  name: string;
  email: string;
  message: string;
  details: Record<string, string>;
  userId: string | null;
}

/** What visitors sent through the contact and advertise forms, listed for admins (data/form-lists.ts). */
export class FormRepository {
  constructor(
    private readonly model: FormSubmissionModel,
    private readonly lists: ListKeeper<FormSubmissionRecord>,
  ) {}

  async add(submission: NewSubmission): Promise<FormSubmissionRecord> {
    const created = keyed((await this.model.create(submission)).toObject() as StoredFormSubmission);
    await this.lists.placed(created.id, created);
    return created;
  }

  /** Handled (now) or waiting again; null when there is no such submission. */
  async setHandled(id: string, handled: boolean): Promise<FormSubmissionRecord | null> {
    const updated = await this.model
      .findOneAndUpdate(
        { _id: new Types.ObjectId(id) },
        { $set: { handledAt: handled ? new Date() : null } },
        { new: true },
      )
      .lean<StoredFormSubmission>()
      .then(keyedOrNull);
    if (updated) await this.lists.placed(id, updated);
    return updated;
  }

  /** Deletes the submission and takes it out of the lists; false when there was none. */
  async remove(id: string): Promise<boolean> {
    const { deletedCount } = await this.model.deleteOne({ _id: new Types.ObjectId(id) });
    await this.lists.placed(id, null);
    return deletedCount === 1;
  }

  /** A page of the admins' list, newest first; from the store while it is rebuilt. */
  page(
    kind: FormKind | undefined,
    onlyNew: boolean,
    page: number,
    limit: number,
  ): Promise<{ items: FormSubmissionRecord[]; total: number }> {
    const offset = (page - 1) * limit;
    return this.lists.page(
      () => this.lists.descending(formList(kind, onlyNew), offset, limit),
      listsSubmission(kind, onlyNew),
      () => this.pageFromStore(kind, onlyNew, page, limit),
    );
  }

  private async pageFromStore(
    kind: FormKind | undefined,
    onlyNew: boolean,
    page: number,
    limit: number,
  ): Promise<{ items: FormSubmissionRecord[]; total: number }> {
    const filter = { ...(kind ? { kind } : {}), ...(onlyNew ? { handledAt: null } : {}) };
    const [items, total] = await Promise.all([
      this.model
        .find(filter)
        .sort({ createdAt: -1, _id: -1 })
        .skip((page - 1) * limit)
        .limit(limit)
        .lean<StoredFormSubmission[]>()
        .then((rows) => rows.map(keyed)),
      this.model.countDocuments(filter),
    ]);
    return { items, total };
  }
}
