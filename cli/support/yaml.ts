import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';
import type { Document, LineCounter, Node as YamlNode } from 'yaml';

const requireHere = createRequire(import.meta.url);

/**
 * The yaml package, loaded when first used: the CLI's build after an edit
 * parses no YAML in this thread (site.yaml is kept parsed, pages are parsed
 * on workers), and loading it was 15-40 ms of that build's start.
 */
export function yamlPackage(): typeof Yaml {
  return requireHere('yaml') as typeof Yaml;
}

/** A parsed YAML text that can tell where any value or key came from. */
export interface YamlSource {
  value: unknown;
  document: Document;
  lineCounter: LineCounter;
}

export interface YamlProblem {
  line: number;
  column: number;
  message: string;
}

/** Aliases allowed in one document: enough for real configs, too few for a "billion laughs" bomb. */
const MAX_ALIAS_COUNT = 50;

/**
 * Parses YAML with positions. Duplicate keys and alias bombs are problems, not
 * crashes. Lines are 1-based within `text`.
 */
export function parseYaml(text: string): { yaml?: YamlSource; problems: YamlProblem[] } {
  // Line starts taken from the text itself: the parser's own count misses the
  // newlines inside some broken multi-line tokens, and then gives columns
  // past the end of a line (found by tests/integration/fuzz.test.ts).
  const { LineCounter, parseDocument } = yamlPackage();
  const lineCounter = new LineCounter();
  lineCounter.addNewLine(0);
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lineCounter.addNewLine(i + 1);
  const document = parseDocument(text, { uniqueKeys: true, prettyErrors: false });
  const problems: YamlProblem[] = document.errors.map((e) => {
    const pos = lineCounter.linePos(Math.min(e.pos[0], text.length));
    return { line: pos.line, column: pos.col, message: cleanMessage(e.message) };
  });
  if (problems.length > 0) return { problems };
  try {
    const value = document.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) as unknown;
    return { yaml: { value, document, lineCounter }, problems };
  } catch (error) {
    // toJS throws when aliases expand past the limit (a YAML bomb).
    const message = error instanceof Error ? error.message : String(error);
    return { problems: [{ line: 1, column: 1, message: cleanMessage(message) }] };
  }
}

function cleanMessage(message: string): string {
  return message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '').trim();
}

/**
 * The position of the value at `path` (or of its key, with `key: true`),
 * falling back to the nearest ancestor that exists.
 */
export function positionOf(
  source: YamlSource,
  path: readonly PropertyKey[],
  options: { key?: string } = {},
): { line: number; column: number } {
  let node: unknown = source.document.contents;
  let offset = rangeStart(node) ?? 0;
  let pair: { key: unknown } | undefined;
  for (const segment of path) {
    const next = childOf(node, segment);
    if (next === undefined) break;
    pair = next.pair;
    node = next.node;
    offset = rangeStart(next.pair?.key) ?? rangeStart(node) ?? offset;
  }
  const { isMap, isScalar } = yamlPackage();
  if (options.key !== undefined && isMap(node)) {
    const keyed = node.items.find((p) => isScalar(p.key) && String(p.key.value) === options.key);
    offset = rangeStart(keyed?.key) ?? offset;
  } else if (pair === undefined && rangeStart(node) !== undefined) {
    offset = rangeStart(node)!;
  }
  const pos = source.lineCounter.linePos(offset);
  return { line: pos.line, column: pos.col };
}

function childOf(node: unknown, segment: PropertyKey): { node: unknown; pair?: { key: unknown } } | undefined {
  const { isMap, isScalar, isSeq } = yamlPackage();
  if (isMap(node)) {
    const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(segment));
    return pair ? { node: pair.value, pair } : undefined;
  }
  if (isSeq(node) && typeof segment === 'number') {
    const item = node.items[segment];
    return item === undefined ? undefined : { node: item };
  }
  return undefined;
}

function rangeStart(node: unknown): number | undefined {
  const range = (node as YamlNode | undefined)?.range;
  return Array.isArray(range) ? range[0] : undefined;
}
