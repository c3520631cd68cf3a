import { createLogger, loadConfig, runMain } from '@podz/kit';
import { adsConfigSchema } from './config';
import { startAds } from './ads-service';

const config = loadConfig(adsConfigSchema);
runMain(() => startAds(config), createLogger('ads', config.LOG_LEVEL), config.SHUTDOWN_TIMEOUT_MS + 5000);
