import { z } from 'zod';
import type { ServiceName } from '../services';
import {
  CLOUDEVENTS_SPEC_VERSION,
  EVENT_CONTENT_TYPE,
  EVENT_TYPE_PREFIX,
  type EventEnvelope,
} from './envelope';
import type { Topic } from './topics';

/** One event type: where it is published, who publishes it, and the schema of its `data`. */
export interface EventDefinition<TType extends string = string, TData extends z.ZodType = z.ZodType> {
  type: TType;
  topic: Topic | string;
  source: ServiceName | string;
  description: string;
  data: TData;
  /** A valid `data` value, used by the contract tests and the generated docs. */
  example: z.infer<TData>;
}

export type EventData<D extends EventDefinition> = z.infer<D['data']>;

export function defineEvent<TType extends string, TData extends z.ZodType>(
  definition: EventDefinition<TType, TData>,
): EventDefinition<TType, TData> {
  if (!definition.type.startsWith(EVENT_TYPE_PREFIX)) {
    throw new Error(`event type ${definition.type} must start with ${EVENT_TYPE_PREFIX}`);
  }
  return definition;
}

/**
 * A validated envelope for one event. Producers call this, so nothing leaves a service that its
 * schema does not accept.
 */
export function createEvent<D extends EventDefinition>(
  definition: D,
  subject: string,
  data: EventData<D>,
  now: Date = new Date(),
): EventEnvelope<EventData<D>> {
  return {
    id: crypto.randomUUID(),
    type: definition.type,
    source: definition.source,
    subject,
    time: now.toISOString(),
    specversion: CLOUDEVENTS_SPEC_VERSION,
    datacontenttype: EVENT_CONTENT_TYPE,
    data: definition.data.parse(data) as EventData<D>,
  };
}
