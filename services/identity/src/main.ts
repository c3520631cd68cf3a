import { createLogger, loadConfig, runMain } from '@podz/kit';
import { identityConfigSchema } from './config';
import { startIdentity } from './identity-service';

const config = loadConfig(identityConfigSchema);
runMain(
  () => startIdentity(config),
  createLogger('identity', config.LOG_LEVEL),
  config.SHUTDOWN_TIMEOUT_MS + 5000,
);
