/**
 * Finding the shard of many keys (shared/prefix-shards.ts shardOf), for the
 * build. Here rather than in shared/: the viewer's bundle holds
 * shared/prefix-shards.ts, and its bytes must not change for code only the
 * build runs.
 *
 * shardOf for many keys against the same prefixes: the key's own prefixes
 * of the lengths the shards' prefixes have, longest first, each looked up
 * once, instead of a scan of every prefix per key. A build looks up every
 * page's path among the route shards (122 at 10,000 pages, twice) and every
 * term among the term shards: the scans were 50-70 ms of a one-edit
 * build's CPU at 10,000 pages. The same answers as shardOf.
 */
export function shardFinder(prefixes: readonly string[]): (key: string) => number {
  const places = new Map<string, number>();
  prefixes.forEach((prefix, at) => {
    if (!places.has(prefix)) places.set(prefix, at);
  });
  const lengths = [...new Set(prefixes.map((prefix) => prefix.length))].sort((a, b) => b - a);
  return (key) => {
    for (const length of lengths) {
      if (length > key.length) continue;
      const at = places.get(length === key.length ? key : key.slice(0, length));
      if (at !== undefined) return at;
    }
    return 0;
  };
}
