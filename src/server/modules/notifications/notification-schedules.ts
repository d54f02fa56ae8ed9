import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { recordDueDateReminders } from './due-date-reminders.js';
import { recordStaffDigests } from './staff-digests.js';

/**
 * How often a notification worker looks for reminders and digests that are due. Each is written
 * once whatever the number of passes or instances (its once key), so a pass only has to come
 * soon after a day begins; the relay then hands what it wrote to the queue.
 */
export const SCHEDULE_PASS_MS = 60 * 60_000;

export interface ScheduledCounts {
  reminders: number;
  digests: number;
}

/** One pass at `now`: the due-date reminders and the staff digests it is time for. */
export async function recordScheduledNotifications(
  db: Database,
  now: Date,
): Promise<ScheduledCounts> {
  const reminders = await recordDueDateReminders(db, now);
  const digests = await recordStaffDigests(db, now);
  return { reminders, digests };
}

export interface NotificationSchedules {
  stop(): Promise<void>;
}

/**
 * Runs a pass at once (a restart catches up) and then every `passMs`, until stopped; a pass that
 * fails is logged and the next one tries again.
 */
export function startNotificationSchedules(
  db: Database,
  log: FastifyBaseLogger,
  passMs = SCHEDULE_PASS_MS,
): NotificationSchedules {
  let running: Promise<unknown> = Promise.resolve();
  const pass = () => {
    running = recordScheduledNotifications(db, new Date())
      .then((counts) => {
        if (counts.reminders + counts.digests > 0) log.info(counts, 'scheduled notifications');
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'the scheduled notifications failed');
      });
  };
  pass();
  const timer = setInterval(pass, passMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
