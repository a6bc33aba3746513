/**
 * Edit distance counting insertions, deletions, substitutions and swaps of two
 * neighbours as one edit each (optimal string alignment): "titel" is one edit
 * from "title", as a typo should be.
 */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      row.push(best);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

/**
 * The candidate closest to `wanted`, if it is close enough to be a likely typo
 * (at most a third of the longer string's length in edits, and at least one).
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
