import { createLogger, loadConfig, runMain } from '@podz/kit';
import { contentConfigSchema } from './config';
import { startContent } from './content-service';

const config = loadConfig(contentConfigSchema);
runMain(
  () => startContent(config),
  createLogger('content', config.LOG_LEVEL),
  config.SHUTDOWN_TIMEOUT_MS + 5000,
);
