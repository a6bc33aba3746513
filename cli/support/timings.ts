/**
 * Stage timings for profiling builds: with DOCSBUILD_TIMINGS=1 the CLI prints
 * how long each stage took, the CPU time it used (all threads: beside the
 * wall time it shows how busy the workers were) and the memory after it (resident set, the
 * process's peak so far, workers included, and the main thread's JavaScript
 * heap, garbage included), so "where do the time and memory go" has an answer
 * without a profiler. Off by default, and then close to free.
 */
export interface StageTimer {
  /** Records the time since the previous lap (or the start) under `label`. */
  lap(label: string): void;
  /** One line per lap, in order. */
  report(): string;
}

export function createStageTimer(enabled: boolean): StageTimer {
  const laps: { label: string; ms: number; cpuMs: number; rss: number; peak: number; heap: number }[] = [];
  let last = performance.now();
  let lastCpu = enabled ? process.cpuUsage() : undefined;
  return {
    lap(label) {
      if (!enabled) return;
      const now = performance.now();
      const { rss, heapUsed } = process.memoryUsage();
      const used = process.cpuUsage(lastCpu);
      laps.push({ label, ms: now - last, cpuMs: (used.user + used.system) / 1000, rss, peak: process.resourceUsage().maxRSS * 1024, heap: heapUsed });
      last = now;
      lastCpu = process.cpuUsage();
    },
    report() {
      const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0).padStart(5)} MiB`;
      return laps
        .map(({ label, ms, cpuMs, rss, peak, heap }) => `  ${label.padEnd(28)} ${ms.toFixed(0).padStart(7)} ms   cpu ${cpuMs.toFixed(0).padStart(7)} ms   rss ${mib(rss)}   peak so far ${mib(peak)}   heap ${mib(heap)}`)
        .join('\n');
    },
  };
}
