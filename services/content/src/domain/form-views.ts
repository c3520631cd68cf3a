import { type FormKind, type FormSubmission } from '@podz/proto';
import type { FormSubmissionRecord } from '../data/form-model';

export function submissionView(record: FormSubmissionRecord): FormSubmission {
  return {
    id: record.id,
    kind: record.kind as FormKind,
    name: record.name,
    email: record.email,
    message: record.message,
    details: record.details ?? {},
    userId: record.userId ?? null,
    receivedAt: record.createdAt.toISOString(),
    handledAt: record.handledAt ? record.handledAt.toISOString() : null,
  };
}
