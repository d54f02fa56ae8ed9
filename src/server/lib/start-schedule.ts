export interface Schedule {
  /** No run starts after this; resolves when a run in progress has finished. */
  stop(): Promise<void>;
}

export interface ScheduleOptions {
  firstRunInMs: number;
  intervalMs: number;
  /** Must not throw: a failed run is the run's to log. */
  run: () => Promise<void>;
}

/**
 * Runs a task now-ish and then every interval, one run at a time: the next run is timed from the
 * end of the last, so a slow run never overlaps the next. The timers are unref'd, so a schedule
 * alone never keeps the process alive.
 */
export function startSchedule({ firstRunInMs, intervalMs, run }: ScheduleOptions): Schedule {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  const plan = (inMs: number) => {
    timer = setTimeout(() => {
      running = run()
        .catch(() => undefined)
        .finally(() => {
          running = null;
          if (!stopped) plan(intervalMs);
        });
    }, inMs);
    timer.unref();
  };
  plan(firstRunInMs);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
