import { z } from 'zod';

/** CloudEvents 1.0 field names, JSON structured mode (ARCHITECTURE §4). */
export const CLOUDEVENTS_SPEC_VERSION = '1.0';
export const EVENT_CONTENT_TYPE = 'application/json';
/** Every PODZ event type starts with this, e.g. `podz.catalog.podcast.followed`. */
export const EVENT_TYPE_PREFIX = 'podz.';

export const envelopeSchema = z.object({
  id: z.uuid(),
  type: z.string().startsWith(EVENT_TYPE_PREFIX),
  source: z.string().min(1),
  subject: z.string().min(1),
  time: z.iso.datetime({ offset: true }),
  specversion: z.literal(CLOUDEVENTS_SPEC_VERSION),
  datacontenttype: z.literal(EVENT_CONTENT_TYPE),
  data: z.unknown(),
});

export type EventEnvelope<TData = unknown> = Omit<z.infer<typeof envelopeSchema>, 'data'> & { data: TData };
