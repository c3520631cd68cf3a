import { createLogger, loadConfig, runMain } from '@podz/kit';
import { startSearch } from './search-service';
import { searchConfigSchema } from './config';

const config = loadConfig(searchConfigSchema);
runMain(
  () => startSearch(config),
  createLogger('search', config.LOG_LEVEL),
  config.SHUTDOWN_TIMEOUT_MS + 5000,
);
