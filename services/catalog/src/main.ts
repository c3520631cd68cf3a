import { createLogger, loadConfig, runMain } from '@podz/kit';
import { catalogConfigSchema } from './config';
import { startCatalog } from './catalog-service';

const config = loadConfig(catalogConfigSchema);
runMain(
  () => startCatalog(config),
  createLogger('catalog', config.LOG_LEVEL),
  config.SHUTDOWN_TIMEOUT_MS + 5000,
);
