import { Schema, type Connection } from 'mongoose';

/** The documentation pages admins write: one Markdown document per slug. */
export interface DocRecord {
  _id: string;
  title: string;
  markdown: string;
  updatedBy: { id: string; username: string } | null;
  createdAt: Date;
  updatedAt: Date;
}

const docSchema = new Schema(
  {
    _id: { type: String },
    title: { type: String, required: true },
    markdown: { type: String, default: '' },
    updatedBy: { type: Schema.Types.Mixed, default: null },
  },
  { timestamps: true, collection: 'docs', versionKey: false },
);

export function docModel(db: Connection) {
  return db.model('Doc', docSchema);
}

export type DocModel = ReturnType<typeof docModel>;
