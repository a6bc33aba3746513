import { describe, expect, it } from 'vitest';
import { activeHeader, throttle, type Clock } from '../../../viewer/scroll-spy';

const at = (...tops: number[]) => tops.map((top, i) => ({ slug: `h${i}`, top }));

describe('viewer/scroll-spy', () => {
  describe('activeHeader', () => {
    it('is undefined without headers', () => {
      expect(activeHeader([], 120, false)).toBeUndefined();
    });
    it('is undefined before the first header reaches the offset', () => {
      expect(activeHeader(at(300, 900), 120, false)).toBeUndefined();
    });
    it('is the last header at or above the offset', () => {
      expect(activeHeader(at(-400, 50, 600), 120, false)).toBe('h1');
      expect(activeHeader(at(-400, 120, 600), 120, false)).toBe('h1');
      expect(activeHeader(at(-900, -400, -10), 120, false)).toBe('h2');
    });
    it('is the last header at the bottom of the page, even if it never reaches the top', () => {
      expect(activeHeader(at(-400, 300, 500), 120, true)).toBe('h2');
    });
  });

  describe('throttle', () => {
    /** A clock the test moves by hand. */
    function fakeClock() {
      let now = 0;
      const timers: { at: number; fn: () => void; id: number }[] = [];
      let nextId = 1;
      const clock: Clock = {
        now: () => now,
        setTimeout: (fn, ms) => {
          timers.push({ at: now + ms, fn, id: nextId });
          return nextId++;
        },
        clearTimeout: (id) => {
          const i = timers.findIndex((t) => t.id === id);
          if (i >= 0) timers.splice(i, 1);
        },
      };
      const advance = (ms: number) => {
        now += ms;
        for (const timer of timers.filter((t) => t.at <= now).sort((a, b) => a.at - b.at)) {
          timers.splice(timers.indexOf(timer), 1);
          timer.fn();
        }
      };
      return { clock, advance, pending: () => timers.length };
    }

    it('runs at once on the first call', () => {
      const { clock } = fakeClock();
      let calls = 0;
      throttle(() => calls++, 300, clock)();
      expect(calls).toBe(1);
    });

    it('runs at most once per window, with one trailing run for the calls in between', () => {
      const { clock, advance } = fakeClock();
      let calls = 0;
      const t = throttle(() => calls++, 300, clock);
      t();
      advance(50);
      t();
      advance(50);
      t();
      expect(calls).toBe(1);
      advance(199);
      expect(calls).toBe(1);
      advance(1);
      expect(calls).toBe(2);
      advance(1000);
      expect(calls).toBe(2);
    });

    it('runs again at once when a window has passed', () => {
      const { clock, advance } = fakeClock();
      let calls = 0;
      const t = throttle(() => calls++, 300, clock);
      t();
      advance(300);
      t();
      expect(calls).toBe(2);
    });

    it('cancel drops the pending trailing run', () => {
      const { clock, advance, pending } = fakeClock();
      let calls = 0;
      const t = throttle(() => calls++, 300, clock);
      t();
      t();
      expect(pending()).toBe(1);
      t.cancel();
      advance(1000);
      expect(calls).toBe(1);
    });
  });
});
