/** Where a header is, measured from the top of the viewport. */
export interface HeaderPosition {
  slug: string;
  top: number;
}

/**
 * The header the reader is in: the last one whose top has scrolled above
 * `offset` (just under the fixed top bar). At the very bottom of the page the
 * last header wins, since it may never reach the top. Before the first
 * header, none is current.
 */
export function activeHeader(positions: readonly HeaderPosition[], offset: number, atBottom: boolean): string | undefined {
  if (positions.length === 0) return undefined;
  if (atBottom) return positions[positions.length - 1]!.slug;
  let active: string | undefined;
  for (const position of positions) {
    if (position.top <= offset) active = position.slug;
    else break;
  }
  return active;
}

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: Clock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface Throttled {
  (): void;
  cancel(): void;
}

/**
 * Runs `fn` at most once per `wait` ms: at once on the first call, then once
 * more at the end of the window if calls came in meanwhile, so the last
 * scroll position always counts.
 */
export function throttle(fn: () => void, wait: number, clock: Clock = realClock): Throttled {
  let last = -Infinity;
  let timer: unknown;
  const run = () => {
    timer = undefined;
    last = clock.now();
    fn();
  };
  const throttled = (() => {
    const remaining = wait - (clock.now() - last);
    if (remaining <= 0) {
      if (timer !== undefined) clock.clearTimeout(timer);
      run();
    } else if (timer === undefined) {
      timer = clock.setTimeout(run, remaining);
    }
  }) as Throttled;
  throttled.cancel = () => {
    if (timer !== undefined) clock.clearTimeout(timer);
    timer = undefined;
  };
  return throttled;
}
