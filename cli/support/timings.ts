import { readFileSync } from 'node:fs';

/**
 * Stage timings for profiling builds: with DOCSBUILD_TIMINGS=1 the CLI prints
 * how long each stage took, the CPU time it used (all threads: beside the
 * wall time it shows how busy the workers were; on Linux also the main
 * thread's own) and the memory after it (resident set, the
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
  const laps: { label: string; ms: number; cpuMs: number; mainMs?: number; rss: number; peak: number; heap: number }[] = [];
  let last = performance.now();
  let lastCpu = enabled ? process.cpuUsage() : undefined;
  let lastMain = enabled ? mainThreadCpuMs() : undefined;
  return {
    lap(label) {
      if (!enabled) return;
      const now = performance.now();
      const { rss, heapUsed } = process.memoryUsage();
      const used = process.cpuUsage(lastCpu);
      const main = mainThreadCpuMs();
      const mainMs = main !== undefined && lastMain !== undefined ? main - lastMain : undefined;
      laps.push({ label, ms: now - last, cpuMs: (used.user + used.system) / 1000, mainMs, rss, peak: process.resourceUsage().maxRSS * 1024, heap: heapUsed });
      last = now;
      lastCpu = process.cpuUsage();
      lastMain = mainThreadCpuMs();
    },
    report() {
      const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0).padStart(5)} MiB`;
      return laps
        .map(({ label, ms, cpuMs, mainMs, rss, peak, heap }) => `  ${label.padEnd(28)} ${ms.toFixed(0).padStart(7)} ms   cpu ${cpuMs.toFixed(0).padStart(7)} ms${mainMs === undefined ? '' : `   main ${mainMs.toFixed(0).padStart(7)} ms`}   rss ${mib(rss)}   peak so far ${mib(peak)}   heap ${mib(heap)}`)
        .join('\n');
    },
  };
}

/** Clock ticks a second in /proc's CPU times (USER_HZ: 100 on every Linux architecture Node runs on). */
const TICKS_PER_SECOND = 100;

/**
 * The main thread's own CPU time (user and system), from Linux's
 * /proc/self/task/<pid>/stat; undefined elsewhere. Beside the process's
 * (workers, zlib and file threads included) it tells a stage bound by this
 * thread from one that waits for the others. At a tick's precision (10 ms).
 */
function mainThreadCpuMs(): number | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    // The fields after the command name (in parentheses, which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}
