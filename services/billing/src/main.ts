import { createLogger, loadConfig, runMain } from '@podz/kit';
import { startBilling } from './billing-service';
import { billingConfigSchema } from './config';

const config = loadConfig(billingConfigSchema);
runMain(
  () => startBilling(config),
  createLogger('billing', config.LOG_LEVEL),
  config.SHUTDOWN_TIMEOUT_MS + 5000,
);
