import { pendingEvent } from '@podz/kit';
import { DEFAULT_PLAN, DEFAULT_PROFILE_PICTURE, userRegistered, type Access } from '@podz/proto';
import type { UserRecord } from '../data/user-repository';
import type { IdentityDeps } from './identity-deps';
import { normalizeAccess, ensureAvailable } from './account-rules';
import { contactEvent } from './user-events';

export interface AccountFields {
  username: string;
  email: string;
  password: string;
  role: Access;
  access?: Access[];
  plan?: string;
  profilePicture?: string | null;
  bio?: string;
  links?: string[];
  /** Accounts an admin or the seed creates are taken as verified; sign-ups verify by mail. */
  emailVerified?: boolean;
}

export async function createAccount(deps: IdentityDeps, fields: AccountFields): Promise<UserRecord> {
  await ensureAvailable(deps, fields.username, fields.email);
  const { password, emailVerified, ...rest } = fields;
  const access = normalizeAccess(fields.role, fields.access);
  const passwordHash = await deps.passwords.hash(password);
  const emailVerifiedAt = emailVerified ? new Date() : null;
  return deps.users.create({ ...rest, access, passwordHash, emailVerifiedAt }, (id) => [
    pendingEvent(userRegistered, id, {
      userId: id,
      username: fields.username,
      profilePicture: fields.profilePicture || DEFAULT_PROFILE_PICTURE,
      role: fields.role,
      access,
      plan: fields.plan ?? DEFAULT_PLAN,
    }),
    contactEvent(id, { ...fields, emailVerifiedAt }),
  ]);
}
