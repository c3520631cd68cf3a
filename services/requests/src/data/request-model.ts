import { Schema, type Connection, type InferSchemaType, type Types } from 'mongoose';
import { outboxPlugin, type Keyed } from '@podz/kit';
import { REQUEST_ROLES, REQUEST_STATUSES } from '@podz/proto';

// Read model of a user, refreshed by identity events.
const userRef = new Schema(
  { id: { type: String, required: true }, username: String, profilePicture: String },
  { _id: false },
);

const requestSchema = new Schema(
  {
    requester: { type: userRef, required: true },
    role: { type: String, enum: REQUEST_ROLES, required: true },
    status: { type: String, enum: REQUEST_STATUSES, required: true, index: true },
    message: { type: String, default: '' },
    links: { type: [String], default: [] },
    review: {
      type: new Schema({ reviewer: userRef, note: String, reviewedAt: Date }, { _id: false }),
      default: null,
    },
    /**
     * `<userId>:<role>` while the request is open, its own id once it is not: a plain unique index
     * then allows one open request per user and role, on stores without partial indexes.
     */
    openKey: { type: String, required: true, unique: true },
    // Top-level copies of `requester.id` and `review.reviewer.id`: the embedded store serves an
    // equality from an index only on a top-level field, so "this user's requests" stays bounded.
    requesterId: { type: String, index: true },
    reviewerId: { type: String, index: true },
    // Deleted requests stay as tombstones until the relay has published their deletion; `tombstone`
    // finds them by an indexed equality (a `deletedAt: {$ne: null}` would read every request).
    deletedAt: { type: Date, default: null, index: true },
    tombstone: { type: Boolean, index: true },
  },
  { timestamps: true, collection: 'requests' },
);
requestSchema.plugin(outboxPlugin);

export type StoredRequest = InferSchemaType<typeof requestSchema> & { _id: Types.ObjectId };

/** An access request as use cases read it. */
export type RequestRecord = Keyed<StoredRequest>;

export function requestModel(db: Connection) {
  return db.model('AccessRequest', requestSchema);
}

export type RequestModel = ReturnType<typeof requestModel>;

export const openKeyOf = (userId: string, role: string) => `${userId}:${role}`;
