import type { Logger } from '../logging/logger';

interface Stoppable {
  stop(): Promise<void>;
}

/**
 * Runs a process until SIGTERM or SIGINT, then stops it cleanly. A second signal, or a stop that
 * hangs past the timeout, exits at once so an orchestrator is never kept waiting.
 */
export function runMain(start: () => Promise<Stoppable>, logger: Logger, timeoutMs = 15_000): void {
  let running: Stoppable | undefined;
  let stopping = false;

  const shutdown = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => {
      logger.error('shutdown timed out');
      process.exit(1);
    }, timeoutMs).unref();
    void (running?.stop() ?? Promise.resolve()).then(
      () => process.exit(0),
      (err) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };

  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('unhandledRejection', (err) => logger.error({ err }, 'unhandled rejection'));

  start().then(
    (started) => {
      running = started;
    },
    (err) => {
      logger.fatal({ err }, 'failed to start');
      process.exit(1);
    },
  );
}
