import { Types } from 'mongoose';
import { findInIdOrder, type ListFamily, keyed, keyedOrNull } from '@podz/kit';
import { FORM_KINDS, type FormKind } from '@podz/proto';
import type { FormSubmissionModel, FormSubmissionRecord, StoredFormSubmission } from './form-model';

/**
 * The admins' lists of submissions, newest first: all of them, and those of each kind; and the
 * same of those nobody has handled yet (the inbox's new ones, the dashboard's figure).
 */
export const formList = (kind: FormKind | undefined, onlyNew = false) =>
  `forms:${onlyNew ? 'new:' : ''}${kind ?? 'any'}`;

export const listsSubmission =
  (kind: FormKind | undefined, onlyNew = false) =>
  (record: FormSubmissionRecord) =>
    (!kind || record.kind === kind) && (!onlyNew || !record.handledAt);

/**
 * A submission is placed after each write (added, handled or waiting again, deleted). There is no
 * event to repair a placing that failed: the keeper drops the built marker instead, and the next
 * read rebuilds the lists from the store.
 */
export function formFamily(model: FormSubmissionModel): ListFamily<FormSubmissionRecord> {
  return {
    name: 'forms',
    lists: [undefined, ...FORM_KINDS].flatMap((kind) => [formList(kind), formList(kind, true)]),
    placements: (record) => {
      const score = record.createdAt.getTime();
      const kinds = [undefined, record.kind as FormKind];
      return [
        ...kinds.map((kind) => ({ list: formList(kind), score })),
        ...(record.handledAt ? [] : kinds.map((kind) => ({ list: formList(kind, true), score }))),
      ];
    },
    sortKey: () => '',
    findById: (id) => model.findById(new Types.ObjectId(id)).lean<StoredFormSubmission>().then(keyedOrNull),
    findByIds: (ids) => findInIdOrder<StoredFormSubmission>(model, ids),
    forEach: async (visit) => {
      for await (const record of model.find().lean<StoredFormSubmission[]>().cursor()) {
        await visit(keyed(record as StoredFormSubmission));
      }
    },
  };
}
