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
