import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSchedule } from './start-schedule.js';

const HOUR = 3_600_000;

describe('startSchedule', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs first after the delay, then every interval from the end of the last run', async () => {
    const starts: number[] = [];
    const schedule = startSchedule({
      firstRunInMs: 1_000,
      intervalMs: 24 * HOUR,
      run: async () => {
        starts.push(Date.now());
        await new Promise((resolve) => setTimeout(resolve, 5_000)); // a slow fetch
      },
    });
    const t0 = Date.now();
    await vi.advanceTimersByTimeAsync(999);
    expect(starts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(starts).toEqual([t0 + 1_000]);
    await vi.advanceTimersByTimeAsync(5_000 + 24 * HOUR);
    expect(starts).toEqual([t0 + 1_000, t0 + 6_000 + 24 * HOUR]);
    const stopped = schedule.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    await stopped;
  });

  it('stops: no run after stop, and stop waits for a run in progress', async () => {
    let runs = 0;
    let finished = false;
    const schedule = startSchedule({
      firstRunInMs: 0,
      intervalMs: HOUR,
      run: async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        finished = true;
      },
    });
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    const stopped = schedule.stop();
    await vi.advanceTimersByTimeAsync(1_000);
    await stopped;
    expect(finished).toBe(true);
    await vi.advanceTimersByTimeAsync(10 * HOUR);
    expect(runs).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps going after a run that throws', async () => {
    let runs = 0;
    const schedule = startSchedule({
      firstRunInMs: 0,
      intervalMs: HOUR,
      run: async () => {
        runs += 1;
        throw new Error('boom');
      },
    });
    await vi.advanceTimersByTimeAsync(2 * HOUR + 1);
    expect(runs).toBe(3);
    await schedule.stop();
  });
});
