import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pruneRateLimits } from '../lib/rate-limit.js';
import { type Schedule, startSchedule } from '../lib/start-schedule.js';
import { pruneDemoVisitors } from '../modules/auth/demo-visitors.js';
import { pruneEndedSessions } from '../modules/auth/end-session.js';

const PRUNE_INTERVAL_MS = 60 * 60_000;

/**
 * Rows that only matter until a time has passed (ended rate-limit windows, logged-out sessions
 * whose tokens have expired, demo visitors a day old with their files) are removed hourly; a
 * failed run is logged and tried again later.
 */
export const expiredRowsPruning = fp(
  async (app: FastifyInstance) => {
    let schedule: Schedule | undefined;
    app.addHook('onReady', async () => {
      schedule = startSchedule({
        firstRunInMs: PRUNE_INTERVAL_MS,
        intervalMs: PRUNE_INTERVAL_MS,
        run: async () => {
          try {
            const rateLimitWindows = await pruneRateLimits(app.db);
            const endedSessions = await pruneEndedSessions(app.db);
            const demoVisitors = await pruneDemoVisitors({
              db: app.db,
              storage: app.fileStorage,
              log: app.log,
            });
            app.log.debug({ rateLimitWindows, endedSessions, demoVisitors }, 'pruned expired rows');
          } catch (error) {
            app.log.warn({ err: error }, 'could not prune expired rows');
          }
        },
      });
    });
    app.addHook('preClose', async () => {
      await schedule?.stop();
    });
  },
  { name: 'expired-rows-pruning', dependencies: ['file-storage'] },
);
