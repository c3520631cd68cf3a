import type { FormKind } from '@podz/proto';
import type { FormSubmissionModel, FormSubmissionRecord } from './form-model';

export interface NewSubmission {
  kind: FormKind;
  name: string;
  email: string;
  message: string;
  details: Record<string, string>;
  userId: string | null;
}

/** What visitors sent through the contact and advertise forms. */
export class FormRepository {
  constructor(private readonly model: FormSubmissionModel) {}

  async add(submission: NewSubmission): Promise<FormSubmissionRecord> {
    const created = await this.model.create(submission);
    return created.toObject() as FormSubmissionRecord;
  }

  async page(
    kind: FormKind | undefined,
    page: number,
    limit: number,
  ): Promise<{ items: FormSubmissionRecord[]; total: number }> {
    const filter = kind ? { kind } : {};
    const [items, total] = await Promise.all([
      this.model
        .find(filter)
        .sort({ createdAt: -1, _id: -1 })
        .skip((page - 1) * limit)
        .limit(limit)
        .lean<FormSubmissionRecord[]>(),
      this.model.countDocuments(filter),
    ]);
    return { items, total };
  }
}
