import { pendingEvent } from '@podz/kit';
import { userAccessChanged, contactChanged, userUpdated, type Access } from '@podz/proto';
import type { UserRecord } from '../data/user-repository';
import { publicView } from './user-views';

/** The user events the use cases publish, built in one place so each has one shape. */

export function accessChangedEvent(user: UserRecord, role: Access, access: Access[]) {
  const id = user.id;
  return pendingEvent(userAccessChanged, id, {
    userId: id,
    role,
    access,
    previousAccess: user.access as Access[],
  });
}

/** The user's address and whether it is confirmed, for the notifications service alone. */
export function contactEvent(
  id: string,
  user: { username: string; email: string; emailVerifiedAt?: Date | null },
) {
  return pendingEvent(contactChanged, id, {
    userId: id,
    username: user.username,
    email: user.email,
    verified: Boolean(user.emailVerifiedAt),
  });
}

/** Fields whose change other services hear about as `user.updated`. */
export const PROFILE_FIELDS = ['username', 'profilePicture', 'bio', 'links'] as const;

export function profileUpdatedEvent(user: UserRecord) {
  const { id, username, profilePicture, bio, links } = publicView(user);
  return pendingEvent(userUpdated, id, { userId: id, username, profilePicture, bio, links });
}
