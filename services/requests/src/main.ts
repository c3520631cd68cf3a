import { createLogger, loadConfig, runMain } from '@podz/kit';
import { requestsConfigSchema } from './config';
import { startRequests } from './requests-service';

const config = loadConfig(requestsConfigSchema);
runMain(
  () => startRequests(config),
  createLogger('requests', config.LOG_LEVEL),
  config.SHUTDOWN_TIMEOUT_MS + 5000,
);
