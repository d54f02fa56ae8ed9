import type { FastifyInstance } from 'fastify';

/**
 * Requests in flight when a stop is asked for get this long to finish. The rest of the 10 s is for
 * the cut requests' clean-up and the database's close, which take a second or two on a loaded
 * machine.
 */
export const DRAIN_MS = 7_000;
/** The process is gone by then whatever still runs: an orchestrator's stop timeout is about 10 s (docs/operations.md, Stopping). */
export const EXIT_DEADLINE_MS = 9_500;

/**
 * Stops the server on SIGTERM or SIGINT without losing a request's work halfway:
 *
 * 1. It stops listening at once; a request arriving on a connection already open is answered 503
 *    by Fastify, so a load balancer sends it elsewhere.
 * 2. Requests in flight get DRAIN_MS to finish and are answered as usual.
 * 3. Then the connections still open are cut: an upload still streaming fails, removes its own
 *    temporary file and writes no row, so nothing is left for a later sweep.
 * 4. The database closes once the transactions under way are done (node-postgres's pool and PGlite
 *    both wait for them), and the process exits when nothing is left to run, so those clean-ups
 *    end first. EXIT_DEADLINE_MS is the backstop, with exit code 1.
 */
export function stopOnSignals(app: FastifyInstance): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.warn('cutting the requests still running at the end of the drain');
      app.server.closeAllConnections();
    }, DRAIN_MS).unref();
    setTimeout(() => {
      app.log.error('exiting before everything was closed');
      process.exit(1);
    }, EXIT_DEADLINE_MS).unref();
    app.close().then(
      () => {
        process.exitCode = 0;
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
