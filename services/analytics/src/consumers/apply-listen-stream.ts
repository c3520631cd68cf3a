import { RecordConsumer, type ServiceContext } from '@podz/kit';
import { catalogListens } from '@podz/proto';
import type { AnalyticsConfig } from '../config';
import { applyListens, type ApplyListensDeps } from '../domain/apply-listens';

/**
 * The listen stream into the rollups. A new listen generation is a new group reading the stream
 * from its beginning into fresh keys: how the rollups are rebuilt (docs/analytics.md).
 */
export function applyListenStream(context: ServiceContext<AnalyticsConfig>, deps: ApplyListensDeps) {
  const { config, kafka, logger, producer } = context;
  return new RecordConsumer({
    kafka,
    groupId: `${config.KAFKA_NAMESPACE}analytics-listens-g${config.LISTEN_GENERATION}`,
    definition: catalogListens,
    namespace: config.KAFKA_NAMESPACE,
    logger,
    producer,
    apply: async (records) => {
      await applyListens(deps, records);
    },
  });
}
