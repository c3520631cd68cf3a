import { Schema, type Connection, type InferSchemaType, type Types } from 'mongoose';
import type { Keyed } from '@podz/kit';
import { FORM_KINDS } from '@podz/proto';

/** The contact and advertise forms visitors send, kept for the admins' inbox. */
const formSubmissionSchema = new Schema(
  {
    kind: { type: String, enum: FORM_KINDS, required: true },
    name: { type: String, required: true },
    email: { type: String, required: true },
    message: { type: String, required: true },
    details: { type: Schema.Types.Mixed, default: {} },
    userId: { type: String, default: null },
    handledAt: { type: Date, default: null },
  },
  { timestamps: { createdAt: true, updatedAt: false }, collection: 'form_submissions', versionKey: false },
);
formSubmissionSchema.index({ kind: 1, createdAt: -1 });
formSubmissionSchema.index({ createdAt: -1 });

export type StoredFormSubmission = InferSchemaType<typeof formSubmissionSchema> & {
  _id: Types.ObjectId;
  createdAt: Date;
  details: Record<string, string>;
};

/** A form submission as use cases read it. */
export type FormSubmissionRecord = Keyed<StoredFormSubmission>;

export function formSubmissionModel(db: Connection) {
  return db.model('FormSubmission', formSubmissionSchema);
}

export type FormSubmissionModel = ReturnType<typeof formSubmissionModel>;
