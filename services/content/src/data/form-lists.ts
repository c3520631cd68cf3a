import { Types } from 'mongoose';
import { findInIdOrder, type ListFamily } from '@podz/kit';
import { FORM_KINDS, type FormKind } from '@podz/proto';
import type { FormSubmissionModel, FormSubmissionRecord } from './form-model';

/** The admins' lists of submissions, newest first: all of them, and those of each kind. */
export const formList = (kind: FormKind | undefined) => `forms:${kind ?? 'any'}`;

export const listsSubmission = (kind: FormKind | undefined) => (record: FormSubmissionRecord) =>
  !kind || record.kind === kind;

/**
 * Submissions are only ever added, so a list entry is placed once, after the insert. There is no
 * event to repair a placing that failed: the repository drops the built marker instead, and the
 * next read rebuilds the lists from the store.
 */
export function formFamily(model: FormSubmissionModel): ListFamily<FormSubmissionRecord> {
  return {
    name: 'forms',
    lists: [formList(undefined), ...FORM_KINDS.map(formList)],
    placements: (record) => {
      const score = record.createdAt.getTime();
      return [
        { list: formList(undefined), score },
        { list: formList(record.kind as FormKind), score },
      ];
    },
    sortKey: () => '',
    findById: (id) => model.findById(new Types.ObjectId(id)).lean<FormSubmissionRecord>(),
    findByIds: (ids) => findInIdOrder<FormSubmissionRecord>(model, ids),
    forEach: async (visit) => {
      for await (const record of model.find().lean<FormSubmissionRecord[]>().cursor()) {
        await visit(record as FormSubmissionRecord);
      }
    },
  };
}
