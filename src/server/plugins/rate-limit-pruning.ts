import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pruneRateLimits } from '../lib/rate-limit.js';
import { type Schedule, startSchedule } from '../lib/start-schedule.js';

const PRUNE_INTERVAL_MS = 60 * 60_000;

/** Ended rate-limit windows are removed hourly; a failed run is logged and tried again later. */
export const rateLimitPruning = fp(
  async (app: FastifyInstance) => {
    let schedule: Schedule | undefined;
    app.addHook('onReady', async () => {
      schedule = startSchedule({
        firstRunInMs: PRUNE_INTERVAL_MS,
        intervalMs: PRUNE_INTERVAL_MS,
        run: async () => {
          try {
            const removed = await pruneRateLimits(app.db);
            app.log.debug({ removed }, 'pruned ended rate-limit windows');
          } catch (error) {
            app.log.warn({ err: error }, 'could not prune rate-limit windows');
          }
        },
      });
    });
    app.addHook('preClose', async () => {
      await schedule?.stop();
    });
  },
  { name: 'rate-limit-pruning' },
);
