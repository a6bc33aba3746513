/**
 * `items.map(task)` with at most `limit` tasks running at once, results in
 * the items' order. Reading ten thousand files with Promise.all would hold
 * every one of them in memory at the same moment.
 */
export async function mapLimited<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const at = next++;
      results[at] = await task(items[at]!, at);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/**
 * `task` over `items` in order, each result yielded as the consumer reaches
 * it, with up to `ahead` tasks started before then: the reads overlap, yet
 * only those few results wait in memory (mapLimited holds them all).
 */
export async function* mapAhead<T, R>(items: readonly T[], ahead: number, task: (item: T) => Promise<R>): AsyncGenerator<[T, R]> {
  const waiting: Promise<R>[] = [];
  let next = 0;
  for (let k = 0; k < items.length; k++) {
    while (next < items.length && next <= k + ahead) {
      const started = task(items[next++]!);
      // Its failure is thrown where it is awaited; one never awaited (the consumer stopped) is no unhandled rejection.
      started.catch(() => undefined);
      waiting.push(started);
    }
    yield [items[k]!, await waiting.shift()!];
  }
}
