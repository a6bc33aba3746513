const FENCE = /^ {0,3}(?:`{3,}|~{3,})[ \t]*([\w#+.-]+)/gm;

/**
 * The languages fenced code blocks name, found by a quick scan (no parse) so
 * every highlighter can start with them. Its own module: the build needs it
 * before it knows whether any page must be processed, and must not load
 * shiki to get it.
 */
export function fenceLanguages(texts: Iterable<string>): string[] {
  const found = new Set<string>();
  for (const text of texts) for (const m of text.matchAll(FENCE)) found.add(m[1]!.toLowerCase());
  return [...found].sort();
}
