/**
 * JSON with object keys sorted at every depth, so the same data always gives
 * the same bytes whatever order it was built in.
 */
export function stableStringify(value: unknown, indent?: number): string {
  return JSON.stringify(sortKeys(value), null, indent);
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined) out[key] = sortKeys(v);
  }
  return out;
}

/**
 * stableStringify(value) of an object, in pieces: the elements of its array
 * at `spread` one piece each, so a large file (pages.json: 12 MB at 10,000
 * pages) is written as it is made, never held whole nor copied sorted at once.
 * The pieces joined are stableStringify(value) byte for byte. `elementOf`
 * gives an element's text (its stableStringify, as UTF-8 bytes or a string)
 * when the caller has it already; it is called just before that piece is
 * yielded, and the commas between elements are pieces of their own.
 */
export function* stableStringifyPieces(
  value: Record<string, unknown>,
  spread: string,
  elementOf: (element: unknown, at: number) => string | Uint8Array = (element) => stableStringify(element) ?? 'null',
): Generator<string | Uint8Array> {
  // The keys in the order stableStringify's sorted copy holds them (an object puts integer-like keys first).
  const order: Record<string, true> = {};
  for (const key of Object.keys(value).sort()) if (value[key] !== undefined) order[key] = true;
  let first = true;
  for (const key of Object.keys(order)) {
    const v = value[key];
    const head = `${first ? '{' : ','}${JSON.stringify(key)}:`;
    first = false;
    if (key !== spread || !Array.isArray(v)) {
      yield `${head}${stableStringify(v)}`;
      continue;
    }
    yield `${head}[`;
    for (let at = 0; at < v.length; at++) {
      if (at > 0) yield ',';
      yield elementOf(v[at], at);
    }
    yield ']';
  }
  yield first ? '{}' : '}';
}
