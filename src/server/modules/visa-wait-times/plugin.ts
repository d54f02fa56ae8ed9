import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadWaitTimes } from './load-wait-times.js';
import { type RefreshOutcome, refreshWaitTimes } from './refresh-wait-times.js';
import { visaWaitTimesRoutes } from './routes.js';
import { type Schedule, startSchedule } from '../../lib/start-schedule.js';
import { createWaitTimeStore, type WaitTimeSnapshot } from './wait-time-store.js';

export interface VisaWaitTimesService {
  /** What the route serves right now. */
  current(): WaitTimeSnapshot;
  /**
   * Refreshes from the source now (one at a time: a call during a refresh gets that refresh's
   * outcome) and reloads the served list unless the refresh failed. `force` ignores the
   * "attempted recently" window the schedule uses.
   */
  refresh(options?: { force?: boolean }): Promise<RefreshOutcome>;
}

declare module 'fastify' {
  interface FastifyInstance {
    visaWaitTimes: VisaWaitTimesService;
  }
}

/** The schedule starts shortly after start-up, once the server is listening. */
const FIRST_RUN_DELAY_MS = 1_000;
/**
 * A scheduled run skips when any instance attempted a refresh within 90% of the interval: an
 * instance that refreshed on its own tick keeps its rhythm, others do not repeat its work, and a
 * restart does not refetch a page fetched hours ago.
 */
const SKIP_WINDOW_SHARE = 0.9;

/**
 * Consulate wait times (spec sections 2, 3, 4, 7): the public list, served from memory, and the
 * refresh from the State Department's page on VISA_WAIT_TIMES_REFRESH_HOURS. The list is loaded
 * when the app is ready (after migrations and the seed) and again after each refresh; a scheduled
 * run that another instance made unnecessary reloads too, so every instance catches up.
 */
export const visaWaitTimesModule = fp(
  async (app: FastifyInstance) => {
    const { sourceUrl, refreshHours } = app.config.visaWaitTimes;
    const intervalMs = refreshHours * 3_600_000;
    const store = createWaitTimeStore();
    const closing = new AbortController();
    let inFlight: Promise<RefreshOutcome> | null = null;
    let schedule: Schedule | null = null;

    const reload = async () => {
      const snapshot = store.replace(await loadWaitTimes(app.db));
      app.log.debug({ posts: snapshot.count }, 'visa wait times loaded');
    };

    const refresh = async (skipIfAttemptedWithinMs: number): Promise<RefreshOutcome> => {
      const outcome = await refreshWaitTimes({
        db: app.db,
        log: app.log,
        sourceUrl,
        cancel: closing.signal,
        skipIfAttemptedWithinMs,
      });
      // A failed refresh changed nothing; any other may have (here or on another instance).
      const unchanged =
        outcome.outcome === 'failed' ||
        (outcome.outcome === 'skipped' && outcome.reason === 'cancelled');
      if (!unchanged) await reload();
      return outcome;
    };

    const service: VisaWaitTimesService = {
      current: () => store.current(),
      refresh(options = {}) {
        inFlight ??= refresh(options.force ? 0 : intervalMs * SKIP_WINDOW_SHARE).finally(() => {
          inFlight = null;
        });
        return inFlight;
      },
    };
    app.decorate('visaWaitTimes', service);

    app.addHook('onReady', async () => {
      await reload();
      if (intervalMs === 0) return;
      schedule = startSchedule({
        firstRunInMs: FIRST_RUN_DELAY_MS,
        intervalMs,
        run: async () => {
          try {
            await service.refresh();
          } catch (error) {
            // The database failed mid-refresh; the server carries on with what it serves.
            app.log.error({ err: error }, 'visa wait times refresh crashed');
          }
        },
      });
    });

    // Before the database closes (onClose): stop the schedule, cut a fetch short, and let a
    // write in progress finish.
    app.addHook('preClose', async () => {
      closing.abort();
      await schedule?.stop();
      await inFlight?.catch(() => undefined);
    });

    await app.register(visaWaitTimesRoutes, { store });
  },
  { name: 'visa-wait-times' },
);
