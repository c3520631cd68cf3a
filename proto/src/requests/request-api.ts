import { z } from 'zod';
import { paragraphSchema } from '../plain-text';
import { objectIdSchema } from '../ids';
import { paginatedSchema, paginationQuerySchema } from '../pagination';
import { userRefSchema } from '../user-ref';

/** What a user may ask for (spec §3): to add shows (`owner`, shown as podcaster) or to be a guest. */
export const REQUEST_ROLES = ['owner', 'guest'] as const;
export const requestRoleSchema = z.enum(REQUEST_ROLES, { error: 'role must be owner or guest' });
export type RequestRole = z.infer<typeof requestRoleSchema>;

/**
 * A request is `pending` until an admin reviews it: `approved` (identity then adds the role to the
 * user's access) or `rejected` (with the reviewer's note). Only a pending request is open: a user
 * has at most one open request per role, and may ask again after a rejection. Withdrawing a request
 * deletes it.
 */
export const REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const requestStatusSchema = z.enum(REQUEST_STATUSES);
export type RequestStatus = z.infer<typeof requestStatusSchema>;
export const REVIEW_DECISIONS = ['approved', 'rejected'] as const;

export const REQUEST_MESSAGE_MAX = 2000;
export const REQUEST_LINKS_MAX = 5;
export const REVIEW_NOTE_MAX = 1000;
/** Default page size of the admin's request list. */
export const REQUESTS_PAGE_SIZE = 20;

export const requestSchema = z.object({
  _id: objectIdSchema,
  id: objectIdSchema,
  requester: userRefSchema,
  role: requestRoleSchema,
  status: requestStatusSchema,
  message: z.string(),
  /** Where the admin can see the requester's work, e.g. an existing show's RSS feed. */
  links: z.array(z.string()),
  review: z.object({ reviewer: userRefSchema, note: z.string(), reviewedAt: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AccessRequest = z.infer<typeof requestSchema>;
export const requestPageSchema = paginatedSchema(requestSchema);

const messageSchema = paragraphSchema('message', { max: REQUEST_MESSAGE_MAX });

const linksSchema = z
  .array(
    z
      .string({ error: 'each link must be a string' })
      .trim()
      .max(2000, { error: 'a link is at most 2000 characters' })
      .regex(/^https?:\/\/[^\s]+$/i, { error: 'each link must be an http(s) URL' }),
    { error: 'links must be a list of URLs' },
  )
  .max(REQUEST_LINKS_MAX, { error: `at most ${REQUEST_LINKS_MAX} links` });

/**
 * `POST /api/requests`: the full request form, for the signed-in user; an admin may file it on
 * behalf of another user (`userId`, e.g. a request that came in by email). Answers 201 with the
 * request; 409 when that user already has an open request for the role.
 */
export const createRequestBodySchema = z.strictObject({
  role: requestRoleSchema,
  message: messageSchema.default(''),
  links: linksSchema.default([]),
  userId: objectIdSchema.optional(),
});
export type CreateRequestBody = z.infer<typeof createRequestBodySchema>;

/**
 * `POST /api/requests/single-request`: the one-click ask of the access page, always for the
 * caller, role and an optional message only. Answers 201 with the request; 409 when the caller
 * already has an open request for the role, or already holds that access.
 */
export const singleRequestBodySchema = z.strictObject({
  role: requestRoleSchema,
  message: messageSchema.default(''),
});

/** `GET /api/requests/single-request?role`: the caller's latest request for the role, or 404. */
export const singleRequestQuerySchema = z.object({ role: requestRoleSchema });

/** `GET /api/requests/user?userId&role`: that user's latest request for the role (admin or self), or 404. */
export const userRequestQuerySchema = z.object({ userId: objectIdSchema, role: requestRoleSchema });

/** `GET /api/requests` (admin): newest first, filtered by status and role. */
export const requestListQuerySchema = paginationQuerySchema(REQUESTS_PAGE_SIZE).extend({
  status: requestStatusSchema.optional(),
  role: requestRoleSchema.optional(),
});

/** `PUT /api/requests/{id}` (admin): the review of a pending request; 409 once it was reviewed. */
export const reviewRequestBodySchema = z.strictObject({
  status: z.enum(REVIEW_DECISIONS, { error: 'status must be approved or rejected' }),
  note: paragraphSchema('note', { max: REVIEW_NOTE_MAX }).default(''),
});
export type ReviewRequestBody = z.infer<typeof reviewRequestBodySchema>;

/** `PUT /api/requests/user?requestId`: the requester edits their pending request. */
export const editRequestQuerySchema = z.object({ requestId: objectIdSchema });
export const editRequestBodySchema = z
  .strictObject({ message: messageSchema.optional(), links: linksSchema.optional() })
  .refine((body) => body.message !== undefined || body.links !== undefined, {
    error: 'nothing to change: send message or links',
  });
