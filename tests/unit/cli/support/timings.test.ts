import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createStageTimer } from '../../../../cli/support/timings';

describe('cli/support/timings', () => {
  it('reports each stage with its wall time and the CPU time the process used in it', () => {
    const timer = createStageTimer(true);
    const until = performance.now() + 30;
    while (performance.now() < until); // busy: this thread's CPU time grows with the wall time
    timer.lap('busy stage');
    const line = timer.report();
    expect(line).toMatch(/^ {2}busy stage +\d+ ms {3}cpu +\d+ ms {3}(main +\d+ ms {3})?rss +\d+ MiB/);
    expect(Number(/cpu +(\d+) ms/.exec(line)![1])).toBeGreaterThan(0);
  });

  it.runIf(process.platform === 'linux')("on Linux, also the main thread's own CPU time (at the 10 ms of a clock tick)", () => {
    const timer = createStageTimer(true);
    // Busy for 60 ms of this thread's own CPU (not wall: the machine may be shared; not the process's: other test files'
    // threads in this worker process count there, and once ended the wait with the main thread at 30 ms).
    const threadMs = () => {
      const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    };
    const from = threadMs();
    const until = Date.now() + 10_000;
    while (threadMs() - from < 60 && Date.now() < until);
    timer.lap('busy stage');
    const main = Number(/main +(\d+) ms/.exec(timer.report())?.[1]);
    expect(main).toBeGreaterThanOrEqual(40);
    expect(main).toBeLessThan(2000);
  });

  it('records nothing when off', () => {
    const timer = createStageTimer(false);
    timer.lap('stage');
    expect(timer.report()).toBe('');
  });
});
