import { z } from 'zod';

/** Every document id in PODZ is a MongoDB ObjectId written as 24 hexadecimal characters (spec §3, §5). */
export const OBJECT_ID_PATTERN = /^[0-9a-fA-F]{24}$/;

export const objectIdSchema = z
  .string({ error: 'id must be a string' })
  .regex(OBJECT_ID_PATTERN, { error: 'id must be a 24-character hexadecimal string' });

export type ObjectIdString = z.infer<typeof objectIdSchema>;

export function isObjectId(value: unknown): value is ObjectIdString {
  return typeof value === 'string' && OBJECT_ID_PATTERN.test(value);
}

/** Route params of the form `/{id}`. */
export const idParamsSchema = z.object({ id: objectIdSchema });

/**
 * `?<field>=<id>,<id>,…`: ids of one kind as a query, for readers that want many at once; repeats
 * count once, and there is at least one and at most `max`.
 */
export function idListSchema(field: string, kind: string, max: number) {
  return z
    .string({ error: `${field} must be a comma-separated list of ${kind} ids` })
    .transform((value) => [...new Set(value.split(','))])
    .pipe(
      z
        .array(objectIdSchema)
        .min(1, { error: `${field} must name at least one ${kind}` })
        .max(max, { error: `${field} names at most ${max} ${kind}s` }),
    );
}
