import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pruneRateLimits } from '../db/rate-limit.js';
import { type Schedule, startSchedule } from '../lib/start-schedule.js';

const PRUNE_INTERVAL_MS = 60 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Adds a kind of row that only matters until a time has passed to the hourly removal. `prune`
     * removes the expired ones and answers how many; `name` labels the count in the log. Each
     * module registers its own rows, so this plugin knows none of their tables.
     */
    addExpiredRowsPruning(name: string, prune: () => Promise<number>): void;
  }
}

interface PruningTask {
  name: string;
  prune: () => Promise<number>;
}

/**
 * Rows that only matter until a time has passed (ended rate-limit windows here; the modules add
 * their own, such as logged-out sessions whose tokens have expired and demo visitors a day old)
 * are removed hourly, one kind after the other; a failed run is logged and tried again later.
 */
export const expiredRowsPruning = fp(
  async (app: FastifyInstance) => {
    const tasks: PruningTask[] = [];
    app.decorate('addExpiredRowsPruning', (name: string, prune: () => Promise<number>) => {
      tasks.push({ name, prune });
    });
    app.addExpiredRowsPruning('rateLimitWindows', () => pruneRateLimits(app.db));

    let schedule: Schedule | undefined;
    app.addHook('onReady', async () => {
      schedule = startSchedule({
        firstRunInMs: PRUNE_INTERVAL_MS,
        intervalMs: PRUNE_INTERVAL_MS,
        run: async () => {
          try {
            const removed: Record<string, number> = {};
            for (const task of tasks) removed[task.name] = await task.prune();
            app.log.debug(removed, 'pruned expired rows');
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
  { name: 'expired-rows-pruning' },
);
