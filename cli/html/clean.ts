import type { Element, ElementContent, Nodes, Properties, Root } from 'hast';
import { raw } from 'hast-util-raw';
import { sanitize, type Schema } from 'hast-util-sanitize';
import { toHast } from 'mdast-util-to-hast';
import { VFile } from 'vfile';
import { firstTooDeep, MAX_NESTING } from '../markdown/depth';
import { stylesAsAttributes } from './inline-styles';
import { CLOBBER_PREFIX, CLOBBERED_PROPERTIES, htmlSchema, type HtmlPolicy } from './policy';

/**
 * How an element the pipeline built is kept: `element` keeps its tag and
 * properties and cleans its children (a heading: our id, the writer's text);
 * `subtree` keeps it whole (a highlighted code block, the table of contents).
 */
export type TrustMode = 'element' | 'subtree';

/** The property that marks a trusted element between building and cleaning; never in the output. */
const TRUSTED = 'dataDocsbuildTrusted';
const TRUSTED_TYPE = 'docsbuildTrusted';
/** `data` key of the stand-in element: `data` cannot be written in HTML, so a writer cannot forge one. */
const STAND_IN = 'docsbuildTrustedIndex';

/** A trusted element set aside while raw HTML is parsed and cleaned. */
export interface TrustedNode {
  type: typeof TRUSTED_TYPE;
  index: number;
  children: ElementContent[];
}

declare module 'hast' {
  interface RootContentMap {
    docsbuildTrusted: TrustedNode;
  }
  interface ElementContentMap {
    docsbuildTrusted: TrustedNode;
  }
  interface Data {
    docsbuildTrustedIndex?: number;
  }
}

export interface TrustedElement {
  element: Element;
  mode: TrustMode;
}

/** Marks an element as built by the pipeline. Only elements built from the Markdown tree can carry the mark. */
export function trust(element: Element, mode: TrustMode): Element {
  element.properties = { ...element.properties, [TRUSTED]: mode };
  return element;
}

/**
 * Takes the trusted elements out of a tree built from Markdown, before any
 * raw HTML is parsed: raw HTML becomes elements only later, so a writer's
 * `data-docsbuild-trusted` attribute is never taken for the mark.
 */
export function setAsideTrusted(tree: Root): TrustedElement[] {
  const table: TrustedElement[] = [];
  const walk = (parent: { children: Nodes[] }) => {
    parent.children = parent.children.map((child) => {
      if (child.type !== 'element') return child;
      const mode = child.properties[TRUSTED];
      if (mode !== 'element' && mode !== 'subtree') {
        walk(child);
        return child;
      }
      const { [TRUSTED]: _mark, ...properties } = child.properties;
      const index = table.push({ element: { ...child, properties, children: mode === 'subtree' ? child.children : [] }, mode }) - 1;
      const node: TrustedNode = { type: TRUSTED_TYPE, index, children: mode === 'subtree' ? [] : child.children };
      if (mode === 'element') walk(node);
      return node;
    }) as typeof parent.children;
  };
  walk(tree);
  return table;
}

/**
 * Parses the `raw` nodes (HTML written in the page) into elements, as a
 * browser would, with their positions in the file. Undefined when the HTML is
 * nested too deeply to be handled safely: the caller leaves it out.
 */
export function parseRawHtml(tree: Root): Root | undefined {
  if (!hasRaw(tree)) return tree;
  let parsed: Root;
  try {
    parsed = raw(tree, { file: new VFile(), passThrough: [TRUSTED_TYPE] }) as Root;
  } catch (error) {
    // parse5 and hast-util-from-parse5 recurse: thousands of nested tags overflow the stack.
    if (error instanceof RangeError) return undefined;
    throw error;
  }
  // Markdown adds levels of its own (ul > li > p), hence the room above the Markdown limit.
  if (firstTooDeep(parsed, 2 * MAX_NESTING)) return undefined;
  stylesAsAttributes(parsed);
  return parsed;
}

/** The tree with its raw HTML dropped: what is shown when the HTML cannot be parsed safely. */
export function withoutRaw(tree: Root): Root {
  const drop = (parent: { children: Nodes[] }): void => {
    parent.children = parent.children.filter((c) => c.type !== 'raw');
    for (const child of parent.children) if ('children' in child) drop(child as { children: Nodes[] });
  };
  drop(tree);
  return tree;
}

/**
 * Applies the allow-list (policy.ts) to everything but the trusted elements:
 * author ids get the `user-content-` prefix, then hast-util-sanitize removes
 * what is not allowed, then the trusted elements are put back, their
 * children cleaned too in `element` mode. `data` on elements survives (the
 * removal report relies on it).
 */
export function sanitizeTree(tree: Root, policy: HtmlPolicy, trusted: readonly TrustedElement[]): Root {
  standIn(tree);
  const clean = sanitize(tree, htmlSchema(policy)) as Root;
  putBack(clean, trusted);
  dropEmptyIframes(clean);
  return clean;
}

/** The renderer's whole cleaning step: set aside, parse, sanitize, put back. */
export function cleanHtml(tree: Root, policy: HtmlPolicy): Root {
  const trusted = setAsideTrusted(tree);
  const parsed = parseRawHtml(tree) ?? withoutRaw(tree);
  return sanitizeTree(parsed, policy, trusted);
}

function hasRaw(node: Nodes): boolean {
  if (node.type === 'raw') return true;
  return 'children' in node && (node.children as Nodes[]).some(hasRaw);
}

/**
 * Trusted nodes become `<div>` stand-ins that the sanitizer keeps (it keeps
 * `data`); author ids are prefixed once (GitHub's rule, but an id that
 * already has the prefix, like a footnote's, keeps it, so its links still work).
 */
function standIn(parent: { children: Nodes[] }): void {
  parent.children = parent.children.map((child) => {
    if (child.type === TRUSTED_TYPE) {
      const element: Element = { type: 'element', tagName: 'div', properties: {}, data: { [STAND_IN]: child.index }, children: child.children };
      standIn(element);
      return element;
    }
    if (child.type === 'element') {
      prefixIds(child.properties);
      standIn(child);
    }
    return child;
  }) as typeof parent.children;
}

function prefixIds(properties: Properties): void {
  const prefix = <T,>(value: T): T | string =>
    typeof value === 'string' && !value.startsWith(CLOBBER_PREFIX) ? `${CLOBBER_PREFIX}${value}` : value;
  const bag = properties as Record<string, unknown>;
  for (const key of CLOBBERED_PROPERTIES) {
    const value = bag[key];
    if (value === undefined || value === null) continue;
    bag[key] = Array.isArray(value) ? value.map(prefix) : prefix(value);
  }
  // An SVG's references to its own ids (`marker-end="url(#arrow)"`) follow the renamed ids.
  for (const key of SVG_REFERENCES) {
    const value = bag[key];
    if (typeof value === 'string') bag[key] = value.replace(/^url\(#(?!user-content-)([^)]+)\)$/, `url(#${CLOBBER_PREFIX}$1)`);
  }
}

const SVG_REFERENCES = ['markerEnd', 'markerStart', 'markerMid', 'fill', 'stroke', 'clipPath'] as const;

function putBack(parent: { children: Nodes[] }, trusted: readonly TrustedElement[]): void {
  parent.children = parent.children.map((child) => {
    if (child.type !== 'element') return child;
    const index = child.data?.[STAND_IN];
    if (index === undefined) {
      putBack(child, trusted);
      return child;
    }
    const entry = trusted[index]!;
    if (entry.mode === 'subtree') return entry.element;
    const element: Element = { ...entry.element, children: child.children };
    putBack(element, trusted);
    return element;
  }) as typeof parent.children;
}

/** An allowed `<iframe>` whose `src` was not allowed would show an empty frame: remove it. */
function dropEmptyIframes(parent: { children: Nodes[] }): void {
  parent.children = parent.children.filter((c) => !(c.type === 'element' && c.tagName === 'iframe' && typeof c.properties.src !== 'string'));
  for (const child of parent.children) if (child.type === 'element') dropEmptyIframes(child);
}

/**
 * Whether a link (href) or image (src) URL as written in Markdown survives
 * cleaning. The renderer uses it before it replaces a URL with a placeholder
 * the sanitizer cannot judge: only URLs that pass here are replaced.
 */
export function urlSurvives(url: string, kind: 'link' | 'image', policy: HtmlPolicy): boolean {
  const schema = htmlSchema(policy);
  if (url.includes(':')) return judgeUrl(url, kind, schema);
  // The sanitizer looks at an a's href or an img's src for its protocol only (any value is allowed otherwise, policy.ts),
  // and a URL without a colon has none: all of them fare alike.
  // Judged once per schema and kind: judging every relative link of a page was 1.6% of a page worker's time (2,000 bench pages).
  let judged = relativeUrlsSurvive.get(schema);
  if (!judged) relativeUrlsSurvive.set(schema, (judged = {}));
  return (judged[kind] ??= judgeUrl(url, kind, schema));
}

/** Whether URLs without a colon survive, by schema and kind. */
const relativeUrlsSurvive = new WeakMap<Schema, Partial<Record<'link' | 'image', boolean>>>();

/** urlSurvives without its shortcut: the sanitizer's own judgement (exported for the test that compares them). */
export function judgeUrl(url: string, kind: 'link' | 'image', schema: Schema): boolean {
  // mdast-util-to-hast's own conversion, so the sanitizer judges exactly what it would see.
  const built = toHastUrl(url, kind);
  const clean = sanitize(built, schema) as Element;
  return typeof clean.properties?.[kind === 'link' ? 'href' : 'src'] === 'string';
}


function toHastUrl(url: string, kind: 'link' | 'image'): Element {
  return toHast(kind === 'link' ? { type: 'link', url, children: [] } : { type: 'image', url }) as Element;
}
