import { createLogger, loadConfig, runMain } from '@podz/kit';
import { startAnalytics } from './analytics-service';
import { analyticsConfigSchema } from './config';

const config = loadConfig(analyticsConfigSchema);
runMain(
  () => startAnalytics(config),
  createLogger('analytics', config.LOG_LEVEL),
  config.SHUTDOWN_TIMEOUT_MS + 5000,
);
