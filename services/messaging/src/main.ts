import { createLogger, loadConfig, runMain } from '@podz/kit';
import { messagingConfigSchema } from './config';
import { startMessaging } from './messaging-service';

const config = loadConfig(messagingConfigSchema);
runMain(
  () => startMessaging(config),
  createLogger('messaging', config.LOG_LEVEL),
  config.SHUTDOWN_TIMEOUT_MS + 5000,
);
