import type { INestApplication } from '@nestjs/common';

interface Stoppable {
  beginShutdown(): void;
}

/**
 * On SIGTERM/SIGINT: readiness turns false, the server stops accepting and lets the in-flight
 * requests finish, then the shutdown hooks finish the batch under way, release the leases and close
 * the stores; all within `timeoutMs`, after which the process exits anyway (code 1).
 */
export function shutDownGracefully(
  app: INestApplication,
  platform: Stoppable,
  timeoutMs: number,
  logger: { log(m: string): void; error(m: string): void },
): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal}: shutting down (at most ${timeoutMs} ms)`);
    platform.beginShutdown();
    const bound = setTimeout(() => {
      logger.error(`Shutdown did not finish within ${timeoutMs} ms: exiting`);
      process.exit(1);
    }, timeoutMs);
    bound.unref();
    app.close().then(
      () => {
        logger.log('Stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error(`Shutdown failed: ${String(error)}`);
        process.exit(1);
      },
    );
  };
  // `on`, not `once`: a second signal (a supervisor forwarding the first) must not kill the process mid-stop.
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
