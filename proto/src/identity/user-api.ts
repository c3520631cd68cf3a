import { z } from 'zod';
import { accessSchema } from '../access';
import type { Access } from '../access-values';
import { objectIdSchema } from '../ids';
import { paginatedSchema, paginationQuerySchema } from '../pagination';
import { paragraphSchema } from '../plain-text';
import {
  BIO_MAX,
  LINKS_MAX,
  accessListSchema,
  emailSchema,
  linkSchema,
  passwordSchema,
  pictureSchema,
  planSchema,
  usernameSchema,
} from './user-fields';

/** Request and response payloads of the users API (spec §7 Users) and of registration. */

export const registerBodySchema = z.strictObject({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
});

const profileFields = {
  username: usernameSchema.optional(),
  profilePicture: pictureSchema.nullable().optional(),
  bio: paragraphSchema('bio', { max: BIO_MAX }).optional(),
  links: z
    .array(linkSchema)
    .max(LINKS_MAX, { error: `at most ${LINKS_MAX} links` })
    .optional(),
};

/** `PATCH /api/users/{id}`: profile fields; a new password or email address needs the current password. */
export const updateUserBodySchema = z
  .strictObject({
    ...profileFields,
    /** A new address is unverified until the link sent to it is opened. */
    email: emailSchema.optional(),
    password: passwordSchema.optional(),
    currentPassword: z.string().max(1024).optional(),
  })
  .refine((body) => body.password === undefined || body.currentPassword !== undefined, {
    error: 'changing the password needs currentPassword',
    path: ['currentPassword'],
  })
  .refine((body) => body.email === undefined || body.currentPassword !== undefined, {
    error: 'changing the email address needs currentPassword',
    path: ['currentPassword'],
  });

export const changePlanBodySchema = z.strictObject({ plan: planSchema });

/** `PUT /api/users/{id}` (admin): role and access. The role is always part of the access list. */
export const setAccessBodySchema = z.strictObject({ role: accessSchema, access: accessListSchema });

/** `POST /api/users/admin-added-user`. */
export const adminCreateUserBodySchema = z.strictObject({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  role: accessSchema.default('user'),
  access: accessListSchema.optional(),
  profilePicture: profileFields.profilePicture,
  bio: profileFields.bio,
  links: profileFields.links,
});

/** `PUT /api/users/admin-added-user`: the user named by `id`, any field to change. */
export const adminEditUserBodySchema = z.strictObject({
  id: objectIdSchema,
  username: usernameSchema.optional(),
  email: emailSchema.optional(),
  password: passwordSchema.optional(),
  role: accessSchema.optional(),
  access: accessListSchema.optional(),
  plan: planSchema.optional(),
  profilePicture: profileFields.profilePicture,
  bio: profileFields.bio,
  links: profileFields.links,
});

/** `DELETE /api/users/{id}`: users deleting themselves confirm with their password. */
export const deleteUserBodySchema = z.strictObject({ password: z.string().max(1024).optional() });

/**
 * `?userType=`: hosts, guests and crew (the network's staff: editors and admins) are public; an
 * admin may also ask for any access value, or leave it out for everyone.
 */
export const PUBLIC_USER_TYPES = ['host', 'guest', 'crew'] as const;
export const USER_TYPES = [...PUBLIC_USER_TYPES, 'admin', 'editor', 'user', 'owner'] as const;
export const userTypeSchema = z.enum(USER_TYPES, {
  error: `userType must be one of: ${USER_TYPES.join(', ')}`,
});
export type UserType = z.infer<typeof userTypeSchema>;

/** Which access values make a user of each type (crew is the network's own staff, spec §2 People menu). */
export const USER_TYPE_ACCESS: Record<UserType, readonly Access[]> = {
  host: ['host'],
  guest: ['guest'],
  crew: ['editor', 'admin'],
  admin: ['admin'],
  editor: ['editor'],
  user: ['user'],
  owner: ['owner'],
};

/** Whether anyone may find this user among the people (a host, a guest or crew). */
export const isPublicPerson = (access: readonly string[]) =>
  PUBLIC_USER_TYPES.some((type) => access.some((value) => USER_TYPE_ACCESS[type].includes(value as Access)));

export const USERS_PAGE_SIZE = 20;
/** What `search` is a prefix of: the username (anyone signed in), or the email address (admins). */
export const USER_SEARCH_FIELDS = ['username', 'email'] as const;
export const listUsersQuerySchema = paginationQuerySchema(USERS_PAGE_SIZE).extend({
  userType: userTypeSchema.optional(),
  search: z.string().trim().max(100).optional(),
  searchBy: z
    .enum(USER_SEARCH_FIELDS, { error: `searchBy must be one of: ${USER_SEARCH_FIELDS.join(', ')}` })
    .default('username'),
  /** Admins only: users on this plan. */
  plan: planSchema.optional(),
});
export type ListUsersQuery = z.infer<typeof listUsersQuerySchema>;
export const countUsersQuerySchema = z.object({ userType: userTypeSchema.optional() });

/** What anyone may see of a user. */
export const publicUserSchema = z.object({
  _id: objectIdSchema,
  id: objectIdSchema,
  username: z.string(),
  profilePicture: z.string(),
  role: accessSchema,
  access: z.array(accessSchema),
  bio: z.string(),
  links: z.array(z.string()),
  createdAt: z.string(),
});

/** What the user themselves and admins see. */
export const fullUserSchema = publicUserSchema.extend({
  email: z.string(),
  /** When the address was proved by a link sent to it (NextAuth's `emailVerified`); null until then. */
  emailVerified: z.string().nullable(),
  plan: z.string(),
  updatedAt: z.string(),
});

export const userPageSchema = paginatedSchema(publicUserSchema.or(fullUserSchema));
export const userCountSchema = z.object({ userCount: z.number().int().min(0) });

/** `session.user` of `GET /api/auth/session` (spec §3). */
export const sessionUserSchema = z.object({
  _id: objectIdSchema,
  id: objectIdSchema,
  username: z.string(),
  profilePicture: z.string(),
  role: accessSchema,
  access: z.array(accessSchema),
  plan: z.string(),
  emailVerified: z.string().nullable(),
});
export const sessionSchema = z
  .object({ user: sessionUserSchema, expires: z.string() })
  .or(z.object({}).strict());

export type RegisterBody = z.infer<typeof registerBodySchema>;
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;
export type AdminCreateUserBody = z.infer<typeof adminCreateUserBodySchema>;
export type AdminEditUserBody = z.infer<typeof adminEditUserBodySchema>;
export type PublicUser = z.infer<typeof publicUserSchema>;
export type FullUser = z.infer<typeof fullUserSchema>;
export type SessionUser = z.infer<typeof sessionUserSchema>;
