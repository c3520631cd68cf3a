import { Schema, type Connection, type InferSchemaType } from 'mongoose';
import { outboxPlugin, type Keyed } from '@podz/kit';
import { ACCESS_VALUES, DEFAULT_PLAN } from '@podz/proto';

const userSchema = new Schema(
  {
    username: { type: String, required: true },
    // Uniqueness is case-insensitive: the index is on a lowercased copy, which every store supports
    // (FerretDB has no collations).
    usernameKey: { type: String, required: true, unique: true },
    email: { type: String, required: true, unique: true },
    /** When the user last proved they read mail at `email`; null until they do, and again after a change. */
    emailVerifiedAt: { type: Date, default: null },
    passwordHash: { type: String, required: true, select: false },
    profilePicture: { type: String, default: null },
    role: { type: String, required: true, enum: ACCESS_VALUES },
    access: { type: [String], enum: ACCESS_VALUES, index: true },
    plan: { type: String, default: DEFAULT_PLAN },
    bio: { type: String, default: '' },
    links: { type: [String], default: [] },
    /** Raised to revoke every session issued before (password change, access change, sign out everywhere). */
    sessionVersion: { type: Number, default: 0 },
    // Deleted users stay as anonymized tombstones until the relay has published their deletion.
    deletedAt: { type: Date, default: null, index: true },
  },
  { timestamps: true, collection: 'users' },
);
userSchema.plugin(outboxPlugin);

export type StoredUser = InferSchemaType<typeof userSchema> & { _id: import('mongoose').Types.ObjectId };

/** A user as use cases read it. */
export type UserRecord = Keyed<StoredUser>;

export function userModel(db: Connection) {
  return db.model('User', userSchema);
}

export type UserModel = ReturnType<typeof userModel>;
