/**
 * Stage timings for profiling builds: with DOCSBUILD_TIMINGS=1 the CLI prints
 * how long each stage took, so "where does the time go" has an answer
 * without a profiler. Off by default, and then close to free.
 */
export interface StageTimer {
  /** Records the time since the previous lap (or the start) under `label`. */
  lap(label: string): void;
  /** One line per lap, in order. */
  report(): string;
}

export function createStageTimer(enabled = Boolean(process.env.DOCSBUILD_TIMINGS)): StageTimer {
  const laps: [string, number][] = [];
  let last = performance.now();
  return {
    lap(label) {
      if (!enabled) return;
      const now = performance.now();
      laps.push([label, now - last]);
      last = now;
    },
    report() {
      return laps.map(([label, ms]) => `  ${label.padEnd(28)} ${ms.toFixed(0).padStart(7)} ms`).join('\n');
    },
  };
}
