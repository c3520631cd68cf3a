import { z } from 'zod';
import { objectIdSchema } from '../ids';
import { requestRoleSchema, requestStatusSchema } from '../requests/request-api';
import { defineEvent } from './define-event';
import { TOPICS } from './topics';

// Request events: key and subject = request id.
const source = 'requests';
const topic = TOPICS.requestsRequest;
const state = {
  requestId: objectIdSchema,
  userId: objectIdSchema,
  username: z.string(),
  role: requestRoleSchema,
  status: requestStatusSchema,
};
const example = {
  requestId: '64b7f0c2a1b2c3d4e5f60720',
  userId: '64b7f0c2a1b2c3d4e5f6071a',
  username: 'ana',
  role: 'owner' as const,
  status: 'pending' as const,
};
const review = { ...state, reviewerId: objectIdSchema, note: z.string() };
const reviewExample = { reviewerId: '64b7f0c2a1b2c3d4e5f60721', note: 'Welcome aboard!' };

export const requestCreated = defineEvent({
  type: 'podz.requests.request.created',
  topic,
  source,
  description: 'A user asked for owner or guest access (or an admin filed the request for them).',
  data: z.object(state),
  example,
});

export const requestUpdated = defineEvent({
  type: 'podz.requests.request.updated',
  topic,
  source,
  description: 'The requester edited the message or links of their pending request.',
  data: z.object(state),
  example,
});

export const requestApproved = defineEvent({
  type: 'podz.requests.request.approved',
  topic,
  source,
  description:
    "An admin approved a request: identity adds the role to the user's access, messaging tells the user.",
  data: z.object(review),
  example: { ...example, status: 'approved' as const, ...reviewExample },
});

export const requestRejected = defineEvent({
  type: 'podz.requests.request.rejected',
  topic,
  source,
  description: 'An admin rejected a request, with a note; the user may ask again.',
  data: z.object(review),
  example: { ...example, status: 'rejected' as const, ...reviewExample, note: 'Send us a feed first.' },
});

export const requestDeleted = defineEvent({
  type: 'podz.requests.request.deleted',
  topic,
  source,
  description: 'The requester withdrew the request, or an admin removed it.',
  data: z.object(state),
  example,
});

export const REQUEST_EVENTS = [
  requestCreated,
  requestUpdated,
  requestApproved,
  requestRejected,
  requestDeleted,
];
