import { createLogger, loadConfig, runMain } from '@podz/kit';
import { listeningConfigSchema } from './config';
import { startListening } from './listening-service';

const config = loadConfig(listeningConfigSchema);
runMain(
  () => startListening(config),
  createLogger('listening', config.LOG_LEVEL),
  config.SHUTDOWN_TIMEOUT_MS + 5000,
);
