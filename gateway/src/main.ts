import { createLogger, loadConfig, runMain } from '@podz/kit';
import { gatewayConfigSchema } from './config';
import { startGateway } from './gateway';
import { acceptHandedConnections } from './handed-connections';

const config = loadConfig(gatewayConfigSchema);
const logger = createLogger('gateway', config.LOG_LEVEL);
runMain(
  async () => {
    const gateway = await startGateway(config, logger);
    // Only in the process itself, never in startGateway: a test runner's worker has an IPC channel too.
    const handoff = acceptHandedConnections(gateway.server);
    return {
      stop: () => {
        handoff.closing();
        return gateway.stop();
      },
    };
  },
  logger,
  config.SHUTDOWN_TIMEOUT_MS + 5000,
);
