import { RecordConsumer, type ServiceContext } from '@podz/kit';
import { catalogListens } from '@podz/proto';
import { applyListens, type ApplyListensDeps } from '../domain/apply-listens';

/** The consumer group of a listen generation, the service's and the rebuild's alike. */
export const listenGroupId = (namespace: string, generation: number) =>
  `${namespace}analytics-listens-g${generation}`;

/**
 * The listen stream into the rollups. A new listen generation is a new group reading the stream
 * from its beginning into fresh keys: how the rollups are rebuilt (docs/analytics.md).
 */
export function applyListenStream(
  parts: Pick<ServiceContext, 'kafka' | 'logger' | 'producer'> & { namespace: string; generation: number },
  deps: ApplyListensDeps,
) {
  return new RecordConsumer({
    kafka: parts.kafka,
    groupId: listenGroupId(parts.namespace, parts.generation),
    definition: catalogListens,
    namespace: parts.namespace,
    logger: parts.logger,
    producer: parts.producer,
    apply: async (records) => {
      await applyListens(deps, records);
    },
  });
}
