/** Edit distance between two strings (Levenshtein, two-row). */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
    }
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * The candidate closest to `wanted`, if it is close enough to be a likely typo
 * (distance at most a third of the longer string, and at least one edit away).
 */
export function closest(wanted: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const d = editDistance(wanted.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance || (d === bestDistance && best !== undefined && candidate < best)) {
      best = candidate;
      bestDistance = d;
    }
  }
  if (best === undefined) return undefined;
  const limit = Math.max(1, Math.floor(Math.max(wanted.length, best.length) / 3));
  return bestDistance <= limit ? best : undefined;
}

/** "Did you mean …?" text, or the fallback hint when nothing is close. */
export function didYouMean(wanted: string, candidates: Iterable<string>, fallback: string): string {
  const match = closest(wanted, candidates);
  return match === undefined ? fallback : `Did you mean "${match}"? ${fallback}`;
}
