import { describe, expect, it } from 'vitest';
import { createStageTimer } from '../../../../cli/support/timings';

describe('cli/support/timings', () => {
  it('reports each stage with its wall time and the CPU time the process used in it', () => {
    const timer = createStageTimer(true);
    const until = performance.now() + 30;
    while (performance.now() < until); // busy: this thread's CPU time grows with the wall time
    timer.lap('busy stage');
    const line = timer.report();
    expect(line).toMatch(/^ {2}busy stage +\d+ ms {3}cpu +\d+ ms {3}rss +\d+ MiB/);
    expect(Number(/cpu +(\d+) ms/.exec(line)![1])).toBeGreaterThan(0);
  });

  it('records nothing when off', () => {
    const timer = createStageTimer(false);
    timer.lap('stage');
    expect(timer.report()).toBe('');
  });
});
