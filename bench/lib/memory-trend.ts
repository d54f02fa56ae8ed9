/** A process's resident memory sampled over a run, and what it did after a warm-up. */
import { MB, residentBytes } from './resident-memory.js';

export interface MemorySample {
  /** Seconds since sampling began. */
  atS: number;
  rssMb: number;
}

export interface MemoryTrend {
  startMb: number;
  peakMb: number;
  endMb: number;
  /**
   * The least resident memory in the first and in the last minute: what the process keeps after
   * its garbage collections. The samples between rise and fall with the JavaScript heap (a
   * sawtooth of tens of MB under steady load); growth is the floor rising, not the teeth.
   */
  firstFloorMb: number;
  lastFloorMb: number;
  /**
   * Least-squares slope, MB a minute, of the floors of the trend window's half-minutes: the floor
   * rising, which one collection's tooth at either end of the window does not tilt.
   */
  slopeMbPerMin: number;
}

export function sampleMemory(pid: number, everyMs: number) {
  const samples: MemorySample[] = [];
  const began = performance.now();
  const take = () => {
    samples.push({ atS: (performance.now() - began) / 1000, rssMb: residentBytes(pid) / MB });
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    samples,
    stop() {
      clearInterval(timer);
      take();
    },
  };
}

const FLOOR_WINDOW_S = 60;
const TREND_BIN_S = 30;

function slope(samples: readonly MemorySample[]): number {
  const n = samples.length;
  if (n < 2) return 0;
  const meanT = samples.reduce((sum, s) => sum + s.atS, 0) / n;
  const meanM = samples.reduce((sum, s) => sum + s.rssMb, 0) / n;
  let covariance = 0;
  let variance = 0;
  for (const s of samples) {
    covariance += (s.atS - meanT) * (s.rssMb - meanM);
    variance += (s.atS - meanT) ** 2;
  }
  return variance === 0 ? 0 : (covariance / variance) * 60;
}

/** The least sample of each `binS` seconds, at the bin's start. */
function binFloors(samples: readonly MemorySample[], binS: number): MemorySample[] {
  const floors = new Map<number, number>();
  const from = samples[0]?.atS ?? 0;
  for (const s of samples) {
    const bin = Math.floor((s.atS - from) / binS);
    floors.set(bin, Math.min(floors.get(bin) ?? Infinity, s.rssMb));
  }
  return [...floors].map(([bin, rssMb]) => ({ atS: from + bin * binS, rssMb }));
}

/**
 * After `warmUpS`: the first sample, the peak, the last, and the floor's slope over the last
 * `windowS` seconds (all of the run after the warm-up when that is shorter).
 */
export function memoryTrend(
  samples: readonly MemorySample[],
  warmUpS: number,
  windowS: number,
): MemoryTrend {
  const afterWarmUp = samples.filter((s) => s.atS >= warmUpS);
  const measured = afterWarmUp.length > 0 ? afterWarmUp : [...samples];
  const first = measured[0]?.atS ?? 0;
  const last = measured.at(-1)?.atS ?? 0;
  const floor = (from: number, to: number) =>
    Math.min(...measured.filter((s) => s.atS >= from && s.atS <= to).map((s) => s.rssMb));
  return {
    firstFloorMb: floor(first, first + FLOOR_WINDOW_S),
    lastFloorMb: floor(last - FLOOR_WINDOW_S, last),
    startMb: measured[0]?.rssMb ?? 0,
    peakMb: Math.max(...measured.map((s) => s.rssMb)),
    endMb: measured.at(-1)?.rssMb ?? 0,
    slopeMbPerMin: slope(
      binFloors(
        measured.filter((s) => s.atS >= last - windowS),
        TREND_BIN_S,
      ),
    ),
  };
}
