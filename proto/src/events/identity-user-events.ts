import { z } from 'zod';
import { accessSchema } from '../access';
import { objectIdSchema } from '../ids';
import { defineEvent } from './define-event';
import { TOPICS } from './topics';

// No email and no credentials in events: other services need who a user is, not how to reach them.
const userRef = { userId: objectIdSchema };
const topic = TOPICS.identityUser;
const source = 'identity';

export const userRegistered = defineEvent({
  type: 'podz.identity.user.registered',
  topic,
  source,
  description: 'A user account was created, by sign-up, by an admin or by first-run seeding.',
  data: z.object({
    ...userRef,
    username: z.string(),
    profilePicture: z.string(),
    role: accessSchema,
    access: z.array(accessSchema),
    plan: z.string(),
  }),
  example: {
    userId: '64b7f0c2a1b2c3d4e5f60718',
    username: 'ana',
    profilePicture: '/images/default-profile.svg',
    role: 'user',
    access: ['user'],
    plan: 'free',
  },
});

export const userUpdated = defineEvent({
  type: 'podz.identity.user.updated',
  topic,
  source,
  description: 'Public profile fields changed; read models holding a username or picture refresh them.',
  data: z.object({
    ...userRef,
    username: z.string(),
    profilePicture: z.string(),
    bio: z.string(),
    links: z.array(z.string()),
  }),
  example: {
    userId: '64b7f0c2a1b2c3d4e5f60718',
    username: 'ana.reads',
    profilePicture: '/images/default-profile.svg',
    bio: 'Hosts a weekly science show.',
    links: ['https://example.org/ana'],
  },
});

export const userAccessChanged = defineEvent({
  type: 'podz.identity.user.access-changed',
  topic,
  source,
  description: "A user's role or access list changed (an admin's edit, or a grant from another service).",
  data: z.object({
    ...userRef,
    role: accessSchema,
    access: z.array(accessSchema),
    previousAccess: z.array(accessSchema),
  }),
  example: {
    userId: '64b7f0c2a1b2c3d4e5f60718',
    role: 'user',
    access: ['user', 'owner'],
    previousAccess: ['user'],
  },
});

export const userPlanChanged = defineEvent({
  type: 'podz.identity.user.plan-changed',
  topic,
  source,
  description: 'A user moved to another plan.',
  data: z.object({ ...userRef, plan: z.string(), previousPlan: z.string() }),
  example: { userId: '64b7f0c2a1b2c3d4e5f60718', plan: 'pro', previousPlan: 'free' },
});

export const userDeleted = defineEvent({
  type: 'podz.identity.user.deleted',
  topic,
  source,
  description: 'A user account was deleted; every service removes or anonymizes what it holds of them.',
  data: z.object({ ...userRef, username: z.string() }),
  example: { userId: '64b7f0c2a1b2c3d4e5f60718', username: 'ana' },
});

/**
 * Where to reach a user, on a topic of its own (`identity.contact.v1`) so the address stays out
 * of the user topic every service reads: the notifications service alone consumes it, and a
 * deployment can restrict the topic to it. Key and subject = user id.
 */
export const contactChanged = defineEvent({
  type: 'podz.identity.contact.changed',
  topic: TOPICS.identityContact,
  source,
  description:
    "A user's email address was set (sign-up, an admin, a change) or confirmed. Notifications mails only confirmed addresses.",
  data: z.object({ ...userRef, username: z.string(), email: z.string(), verified: z.boolean() }),
  example: { userId: '64b7f0c2a1b2c3d4e5f60718', username: 'ana', email: 'ana@example.org', verified: true },
});

export const IDENTITY_CONTACT_EVENTS = [contactChanged] as const;

export const IDENTITY_USER_EVENTS = [
  userRegistered,
  userUpdated,
  userAccessChanged,
  userPlanChanged,
  userDeleted,
] as const;
