import { Schema, type Connection } from 'mongoose';
import { outboxPlugin } from '@podz/kit';
import type { FeaturedShows, PageContent } from './page-content';

/** One saved version of a page: its content, who saved it and when. */
export interface PageVersionRecord extends PageContent {
  version: number;
  updatedBy: { id: string; username: string };
  updatedAt: Date;
  /** The version this one brought back, for a restore. */
  restoredFrom: number | null;
}

export interface PageRecord extends PageVersionRecord {
  _id: string;
  /** The kept versions, oldest first, the current one last. */
  history: PageVersionRecord[];
}

export type { FeaturedShows };

/**
 * A page keeps its recent versions inside its own document: a save is then one atomic write of
 * the new content, its history and its event, guarded by the version it started from.
 */
const pageSchema = new Schema(
  {
    _id: { type: String },
    title: { type: String, required: true },
    hero: { type: Schema.Types.Mixed, default: null },
    sections: { type: [Schema.Types.Mixed], default: [] },
    featuredShows: { type: Schema.Types.Mixed, default: null },
    version: { type: Number, required: true },
    updatedBy: { type: Schema.Types.Mixed, required: true },
    updatedAt: { type: Date, required: true },
    restoredFrom: { type: Number, default: null },
    history: { type: [Schema.Types.Mixed], default: [] },
  },
  { collection: 'pages', versionKey: false },
);
pageSchema.plugin(outboxPlugin);

export function pageModel(db: Connection) {
  return db.model('Page', pageSchema);
}

export type PageModel = ReturnType<typeof pageModel>;
