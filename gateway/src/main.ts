import { createLogger, loadConfig, runMain } from '@podz/kit';
import { gatewayConfigSchema } from './config';
import { startGateway } from './gateway';

const config = loadConfig(gatewayConfigSchema);
const logger = createLogger('gateway', config.LOG_LEVEL);
runMain(() => startGateway(config, logger), logger, config.SHUTDOWN_TIMEOUT_MS + 5000);
