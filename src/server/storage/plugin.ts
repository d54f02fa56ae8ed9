import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Schedule, startSchedule } from '../lib/start-schedule.js';
import { createFileStorage } from './create-file-storage.js';
import type { FileStorage } from './file-storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded files live (see FileStorage); chosen by STORAGE_DRIVER. */
    fileStorage: FileStorage;
  }
}

/**
 * A temporary file this old belongs to no upload in flight: the server gives a whole request at
 * most two minutes. The margin matters when several servers share a bucket, as one server's
 * start-up sweep must not take a file another server is still writing.
 */
export const STALE_TEMPORARY_MS = 10 * 60_000;
/**
 * What a crash leaves is too young for the sweep of a restart that follows at once; the next
 * sweep, one threshold later, takes it, so it is gone within two thresholds of the crash. A sweep
 * lists one folder or one bucket prefix: cheap at this pace.
 */
const SWEEP_INTERVAL_MS = STALE_TEMPORARY_MS;

/**
 * The file storage, and the sweep that removes what a crash mid-upload left behind: at start-up,
 * then every SWEEP_INTERVAL_MS. (A stopping server cuts its unfinished uploads, which remove their
 * own temporary files: see lib/stop-on-signals.ts.) A failed sweep is logged and tried again
 * later; it never stops the server.
 */
export const fileStoragePlugin = fp(
  async (app: FastifyInstance) => {
    const storage = createFileStorage(app.config.storage);
    app.decorate('fileStorage', storage);

    const sweep = async () => {
      try {
        const removed = await storage.sweepTemporary(new Date(Date.now() - STALE_TEMPORARY_MS));
        if (removed > 0) app.log.info({ removed }, 'removed files of interrupted uploads');
      } catch (error) {
        app.log.warn({ err: error }, 'could not sweep the files of interrupted uploads');
      }
    };
    let schedule: Schedule | undefined;
    app.addHook('onReady', async () => {
      schedule = startSchedule({ firstRunInMs: 0, intervalMs: SWEEP_INTERVAL_MS, run: sweep });
    });
    app.addHook('preClose', async () => {
      await schedule?.stop();
    });
    app.addHook('onClose', async () => {
      storage.close();
    });
  },
  { name: 'file-storage' },
);
