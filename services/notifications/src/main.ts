import { createLogger, loadConfig, runMain } from '@podz/kit';
import { notificationsConfigSchema } from './config';
import { startNotifications } from './notifications-service';

const config = loadConfig(notificationsConfigSchema);
runMain(
  () => startNotifications(config),
  createLogger('notifications', config.LOG_LEVEL),
  config.SHUTDOWN_TIMEOUT_MS + 5000,
);
