import { createLogger, loadConfig, runMain } from '@podz/kit';
import { mediaConfigSchema } from './config';
import { startMedia } from './media-service';

const config = loadConfig(mediaConfigSchema);
runMain(() => startMedia(config), createLogger('media', config.LOG_LEVEL), config.SHUTDOWN_TIMEOUT_MS + 5000);
