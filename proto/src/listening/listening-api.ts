import { z } from 'zod';
import { idListSchema, objectIdSchema } from '../ids';
import {
  CONTINUE_LISTENING_DEFAULT,
  CONTINUE_LISTENING_MAX,
  POSITION_MAX_SECONDS,
  POSITIONS_QUERY_MAX,
  QUEUE_MAX,
} from './listening-constants';

// The listening service's calls: a member's place in each episode (resume on any device) and
// their queue. The limits are in listening-constants.ts.

const secondsSchema = (name: string) =>
  z
    .number({ error: `${name} must be a number of seconds` })
    .finite({ error: `${name} must be a number of seconds` })
    .min(0, { error: `${name} must be at least 0` })
    .max(POSITION_MAX_SECONDS, { error: `${name} is at most ${POSITION_MAX_SECONDS} seconds` });

/** Route params of `/api/listening/positions/{episodeId}`. */
export const positionParamsSchema = z.object({ episodeId: objectIdSchema });

/**
 * `PUT /api/listening/positions/{episodeId}` (and `POST`, the same body, for `sendBeacon` on
 * leaving the page): where the member is now. `ended` says the player reached the end.
 */
export const savePositionBodySchema = z.strictObject({
  position: secondsSchema('position'),
  duration: secondsSchema('duration').optional(),
  ended: z.boolean({ error: 'ended must be true or false' }).optional(),
});
export type SavePosition = z.infer<typeof savePositionBodySchema>;

/** A member's place in one episode. `at` is when it was saved (ISO 8601). */
export const placeSchema = z.object({
  episodeId: objectIdSchema,
  position: z.number(),
  duration: z.number().nullable(),
  played: z.boolean(),
  at: z.string(),
});
export type Place = z.infer<typeof placeSchema>;

/** `?episodeIds=<id>,<id>,…`: the member's places in these episodes; those never heard are left out. */
export const positionsQuerySchema = z.object({
  episodeIds: idListSchema('episodeIds', 'episode', POSITIONS_QUERY_MAX),
});
export const placesSchema = z.object({ items: z.array(placeSchema) });
export type Places = z.infer<typeof placesSchema>;

/** `?limit=`: the member's episodes begun and not finished, most recently heard first. */
export const continueListeningQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(CONTINUE_LISTENING_MAX, { error: `limit is at most ${CONTINUE_LISTENING_MAX}` })
    .default(CONTINUE_LISTENING_DEFAULT),
});

/** Route params of `/api/listening/queues/{userId}`. */
export const queueParamsSchema = z.object({ userId: objectIdSchema });

/**
 * A member's queue: episode ids in the order they will play. `version` counts its saves: a save
 * names the version it was made from, so two devices editing at once cannot silently undo each
 * other (the later one is told to reload: 409).
 */
export const queueSchema = z.object({
  userId: objectIdSchema,
  episodeIds: z.array(objectIdSchema),
  version: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type Queue = z.infer<typeof queueSchema>;

/** `PUT /api/listening/queues/{userId}`: the whole queue, from the version it was edited from. */
export const saveQueueBodySchema = z.strictObject({
  episodeIds: z
    .array(objectIdSchema, { error: 'episodeIds must be a list of episode ids' })
    .max(QUEUE_MAX, { error: `a queue holds at most ${QUEUE_MAX} episodes` })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'an episode is in the queue once' }),
  version: z
    .number({ error: 'version must be the version the queue was edited from' })
    .int({ error: 'version must be a whole number' })
    .min(0, { error: 'version must be at least 0' }),
});
export type SaveQueue = z.infer<typeof saveQueueBodySchema>;
