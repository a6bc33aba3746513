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
    // Busy for 60 ms of this thread's CPU (not wall: the machine may be shared).
    const from = process.cpuUsage();
    while (process.cpuUsage(from).user < 60_000);
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
