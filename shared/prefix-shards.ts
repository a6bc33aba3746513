/**
 * Splitting a sorted set of keys (page paths, later search terms) into
 * shards by key prefix, and finding a key's shard: the build writes one file
 * per prefix, and a reader fetches only the shard a key falls in. A shard
 * holds the keys that start with its prefix and with no longer shard's
 * prefix; the root shard's prefix is '' and holds what is left.
 *
 * The split is a radix split: a prefix with more than `maxKeys` keys is
 * extended one character at a time, where its keys part ways, and each
 * branch of at least `minKeys` keys becomes a shard of its own (split again
 * if still too big). Branches smaller than that stay in their parent, so a
 * reader is not sent to fetch a shard for three pages. For paths the splits
 * fall where folders part ways (`/api/` and `/guide/`), which is what keeps
 * a reader's section in one shard.
 */
export interface ShardLimits {
  /** A shard with more keys than this is split (unless its keys cannot be told apart by a longer prefix). */
  maxKeys: number;
  /** A branch with fewer keys than this stays in its parent shard. */
  minKeys: number;
  /** Prefixes end just after this character where they can (`/` for paths: `/api/`, not `/api/p`). */
  cutAfter?: string;
}

/** The prefixes of the shards for these keys, sorted; always includes '' (the root shard). */
export function shardPrefixes(keys: readonly string[], limits: ShardLimits): string[] {
  const sorted = [...new Set(keys)].sort(compare);
  const prefixes: string[] = [''];
  split(sorted, '', limits, prefixes);
  return prefixes.sort(compare);
}

function split(keys: readonly string[], prefix: string, limits: ShardLimits, out: string[]): void {
  if (keys.length <= limits.maxKeys) return;
  const stay = branchOut(keys, prefix, limits, out, limits.cutAfter);
  // A flat folder of many pages: what no folder took is split by name.
  if (limits.cutAfter !== undefined && stay.length > limits.maxKeys) branchOut(stay, prefix, { ...limits, cutAfter: undefined }, out, undefined);
}

/**
 * Groups the keys by what follows the prefix (the next character, or with
 * `cutAfter` the next segment up to and including it), makes each group of
 * at least minKeys a shard (split again if too big), and returns the keys
 * that stay in this shard.
 */
function branchOut(keys: readonly string[], prefix: string, limits: ShardLimits, out: string[], cutAfter: string | undefined): string[] {
  const groups = new Map<string, string[]>();
  const stay: string[] = [];
  for (const key of keys) {
    if (key.length === prefix.length) {
      stay.push(key);
      continue;
    }
    const next = nextToken(key, prefix.length, cutAfter);
    // A last segment (a file name) is no folder: it stays, unless split by name later.
    if (cutAfter !== undefined && !next.endsWith(cutAfter)) {
      stay.push(key);
      continue;
    }
    let group = groups.get(next);
    if (!group) groups.set(next, (group = []));
    group.push(key);
  }
  for (const [next, group] of groups) {
    if (group.length < limits.minKeys) {
      stay.push(...group);
      continue;
    }
    // Follow the branch as far as all its keys agree: `/a` → `/api/` when every key goes on that way.
    const branch = cut(commonPrefix(group, prefix.length + next.length), prefix.length + next.length, cutAfter);
    // Every key going the same way is no split: the keys stay in this shard unless a longer prefix splits them.
    if (group.length < keys.length) out.push(branch);
    split(group, branch, limits, out);
  }
  return stay;
}

/** What follows `from` in `key`: one character, or the segment up to and including the next `cutAfter`. */
function nextToken(key: string, from: number, cutAfter: string | undefined): string {
  if (cutAfter === undefined) return key[from]!;
  const end = key.indexOf(cutAfter, from);
  return end === -1 ? key.slice(from) : key.slice(from, end + cutAfter.length);
}

/** The longest prefix of every key, known to be at least `atLeast` characters long. */
function commonPrefix(keys: readonly string[], atLeast: number): string {
  const first = keys[0]!;
  const last = keys[keys.length - 1]!;
  let length = atLeast;
  while (length < first.length && length < last.length && first[length] === last[length]) length++;
  // Sorted keys: what the first and last share, every key between them shares.
  return first.slice(0, length);
}

/** `shared` cut back to end just after its last `after`, if that keeps it at least `atLeast` long. */
function cut(shared: string, atLeast: number, after: string | undefined): string {
  if (after === undefined) return shared;
  const end = shared.lastIndexOf(after) + after.length;
  return end >= atLeast ? shared.slice(0, end) : shared;
}

/** The index in `prefixes` (sorted, as shardPrefixes returns them) of the shard `key` falls in: its longest prefix. */
export function shardOf(key: string, prefixes: readonly string[]): number {
  let found = 0;
  let foundLength = -1;
  // Few shards (tens to hundreds) and rare lookups: a scan is simpler than a trie and fast enough.
  prefixes.forEach((prefix, at) => {
    if (prefix.length > foundLength && key.startsWith(prefix)) {
      found = at;
      foundLength = prefix.length;
    }
  });
  return found;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
