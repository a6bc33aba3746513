import type { Nodes, Properties } from 'hast';
import type { Root } from 'mdast';
import type { Point } from 'unist';
import { EXIT, eachNode, eachNodeOf } from '../markdown/walk';
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic';
import { parseRawHtml, sanitizeTree, setAsideTrusted, urlSurvives } from './clean';
import { pageToHast } from './page-hast';
import { CLOBBERED_PROPERTIES, type HtmlPolicy } from './policy';
import { hasWebScheme } from '../../shared/urls';

/** Marks the `<a>` and `<img>` made from Markdown links, so their removed URLs are reported as links. */
const FROM_MARKDOWN = 'dataDocsbuildMarkdown';
const URL_PROPERTIES = new Set(['href', 'src', 'cite', 'longDesc']);
const MAX_ITEMS = 6;

interface Original {
  tagName: string;
  properties: Properties;
  at: Point | undefined;
  fromMarkdown: boolean;
}

declare module 'hast' {
  interface Data {
    docsbuildOriginal?: number;
  }
}

/**
 * What cleaning will remove from a page, found by cleaning it: the tree is
 * built and cleaned exactly as the renderer does (page-hast.ts, clean.ts),
 * and every element is compared with what is left of it. Removed raw HTML is
 * `html/removed`, one diagnostic per line; a Markdown link or image whose URL
 * is removed (`javascript:`, `data:`) is `link/unsafe-url`.
 */
export function reportRemovedHtml(tree: Root, file: string, policy: HtmlPolicy): Diagnostic[] {
  if (!mayLoseAnything(tree, policy)) return [];
  const hast = pageToHast(tree);
  const trusted = setAsideTrusted(hast);
  markMarkdownUrls(hast);
  const parsed = parseRawHtml(hast);
  if (!parsed) {
    let at: Point | undefined;
    eachNodeOf(tree, 'html', (node) => {
      at ??= node.position?.start;
    });
    return [
      diagnostic(
        'markdown/too-deep',
        { file, line: at?.line, column: at?.column },
        'The HTML in this page is nested too deeply to be processed, so all of its raw HTML is left out.',
      ),
    ];
  }
  const originals = recordOriginals(parsed);
  const kept = keptProperties(sanitizeTree(parsed, policy, trusted));
  return describe(originals, kept, file);
}

/**
 * Whether cleaning can remove anything: raw HTML, or a Markdown URL the
 * allow-list refuses (what is built from Markdown is otherwise allowed).
 * Most pages link to other sites, and building and cleaning a whole page
 * for those links alone was 7% of a page's parse time again.
 */
function mayLoseAnything(tree: Root, policy: HtmlPolicy): boolean {
  let found = false;
  const refused = (url: string, kinds: readonly ('link' | 'image')[]) => url.includes(':') && kinds.some((kind) => !urlSurvives(url, kind, policy));
  eachNode(tree, (node) => {
    if (
      node.type === 'html' ||
      ((node.type === 'link' || node.type === 'image') && refused(node.url, [node.type])) ||
      // A definition's URL is that of the links and images that use it.
      (node.type === 'definition' && refused(node.url, ['link', 'image']))
    ) {
      found = true;
      return EXIT;
    }
    return undefined;
  });
  return found;
}

function markMarkdownUrls(parent: { children: Nodes[] }): void {
  for (const child of parent.children) {
    if (child.type === 'element' && (child.tagName === 'a' || child.tagName === 'img')) child.properties[FROM_MARKDOWN] = true;
    if ('children' in child) markMarkdownUrls(child as { children: Nodes[] });
  }
}

/** Numbers every element (in `data`, which cleaning keeps) and notes what it had. */
function recordOriginals(tree: { children: Nodes[] }): Original[] {
  const originals: Original[] = [];
  const walk = (parent: { children: Nodes[] }, inherited: Point | undefined) => {
    for (const child of parent.children) {
      let at = inherited;
      if (child.type === 'element') {
        // Parsing the raw HTML turns the mark into an attribute and back: it comes back as "".
        const fromMarkdown = child.properties[FROM_MARKDOWN] !== undefined;
        delete child.properties[FROM_MARKDOWN];
        at = child.position?.start ?? inherited;
        child.data = { ...child.data, docsbuildOriginal: originals.length };
        originals.push({ tagName: child.tagName, properties: { ...child.properties }, at, fromMarkdown });
      }
      if ('children' in child) walk(child as { children: Nodes[] }, at);
    }
  };
  walk(tree, undefined);
  return originals;
}

function keptProperties(tree: { children: Nodes[] }): Map<number, Properties> {
  const kept = new Map<number, Properties>();
  const walk = (parent: { children: Nodes[] }) => {
    for (const child of parent.children) {
      if (child.type === 'element' && child.data?.docsbuildOriginal !== undefined) kept.set(child.data.docsbuildOriginal, child.properties);
      if ('children' in child) walk(child as { children: Nodes[] });
    }
  };
  walk(tree);
  return kept;
}

function describe(originals: readonly Original[], kept: ReadonlyMap<number, Properties>, file: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const byLine = new Map<number, { column: number; items: string[]; iframeOrigin?: string }>();
  const note = (at: Point | undefined, item: string, iframeOrigin?: string) => {
    const line = at?.line ?? 1;
    const entry = byLine.get(line) ?? { column: at?.column ?? 1, items: [] };
    if (!entry.items.includes(item)) entry.items.push(item);
    entry.iframeOrigin ??= iframeOrigin;
    byLine.set(line, entry);
  };
  originals.forEach((original, index) => {
    const after = kept.get(index);
    if (!after) {
      note(original.at, `<${original.tagName}>`, original.tagName === 'iframe' ? httpsOrigin(original.properties.src) : undefined);
      return;
    }
    for (const key of removedKeys(original.properties, after)) {
      if (setByRenderer(original, key, after) || NOTHING_LOST.has(attributeName(key))) continue;
      const urlKey = original.fromMarkdown && ((original.tagName === 'a' && key === 'href') || (original.tagName === 'img' && key === 'src'));
      if (urlKey) {
        const url = String(original.properties[key]);
        if (writtenWithScheme(url)) diagnostics.push(unsafeUrl(original, url, file));
        continue;
      }
      const value = original.properties[key];
      const shown = URL_PROPERTIES.has(key) && typeof value === 'string' ? `=${JSON.stringify(shorten(value))}` : '';
      note(original.at, `<${original.tagName} ${attributeName(key)}${shown}>`);
    }
  });
  for (const [line, { column, items, iframeOrigin }] of byLine) {
    const listed = items.slice(0, MAX_ITEMS).join(', ');
    const more = items.length > MAX_ITEMS ? ` and ${items.length - MAX_ITEMS} more` : '';
    // An embed (a sandbox, a video, a slide deck) is kept when its site is allowed: say which setting, with the origin to put there.
    const hint = iframeOrigin === undefined ? undefined : `To embed it, list "${iframeOrigin}" in markdown.allowIframeOrigins in site.yaml (a VuePress tree: docsbuild migrate writes site.yaml).`;
    diagnostics.push(diagnostic('html/removed', { file, line, column }, `Removed from the HTML: ${listed}${more}.`, hint, items.join(', ')));
  }
  return diagnostics;
}

/** The origin of an `https:` URL (`https://codesandbox.io`); undefined for any other value. */
function httpsOrigin(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^https:\/\//i.test(value.trim())) return undefined;
  try {
    return new URL(value.trim()).origin;
  } catch {
    return undefined;
  }
}

/**
 * A link to another site gets `target="_blank"` and `rel="noopener
 * noreferrer"` from the renderer (page/render.ts), in place of its own: a
 * page's `target`/`rel` that say no more than that are not lost, so not
 * reported (VuePress pages often write them out).
 */
function setByRenderer(original: Original, key: string, after: Properties): boolean {
  if (original.tagName !== 'a' || typeof after.href !== 'string' || !hasWebScheme(after.href)) return false;
  const value = original.properties[key];
  const words = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(/\s+/) : [];
  if (key === 'target') return words.join(' ') === '_blank';
  return key === 'rel' && words.every((word) => RENDERER_REL.has(word.toLowerCase()));
}
const RENDERER_REL = new Set(['noopener', 'noreferrer', '']);
/** Attributes that ask for what docsbuild does anyway: VuePress's `v-pre` shows `{{ }}` as written, as docsbuild always does. */
const NOTHING_LOST = new Set(['v-pre']);

/** Properties the cleaner dropped, or whose list of values it shortened; ids are renamed, never reported. */
function removedKeys(before: Properties, after: Properties): string[] {
  const clobbered: readonly string[] = CLOBBERED_PROPERTIES;
  return Object.keys(before).filter((key) => {
    if (!(key in after)) return true;
    const was = before[key];
    const now = after[key];
    return !clobbered.includes(key) && Array.isArray(was) && Array.isArray(now) && now.length < was.length;
  });
}

/**
 * Whether the author wrote a scheme: the URL as written (a Markdown link's
 * URL arrives percent-encoded) with what a browser's URL parser drops left
 * out (leading spaces and controls, tabs and newlines anywhere), read as
 * RFC 3986 spells a scheme. " javascript:x" has one; "(https://…)" has none:
 * it is a path, which the link check reports as leading nowhere.
 */
function writtenWithScheme(url: string): boolean {
  let written = url;
  try {
    written = decodeURIComponent(url);
  } catch {
    // Not valid percent-encoding: read as it is.
  }
  return /^[a-z][a-z0-9+.-]*:/i.test(written.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+/, ''));
}

function unsafeUrl(original: Original, url: string, file: string): Diagnostic {
  const image = original.tagName === 'img';
  return diagnostic(
    'link/unsafe-url',
    { file, line: original.at?.line, column: original.at?.column },
    `${image ? 'Image' : 'Link'} ${JSON.stringify(shorten(url))} uses a URL scheme that is not allowed, so ${image ? 'the image is not shown' : 'it is not a link in the page'}.`,
    undefined,
    url,
  );
}

function shorten(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/** The HTML attribute of a hast property name: `className` → `class`, `onMouseOver` → `onmouseover`, `dataFoo` → `data-foo`. */
export function attributeName(property: string): string {
  if (property === 'className') return 'class';
  if (property === 'htmlFor') return 'for';
  if (/^(data|aria)[A-Z]/.test(property)) return property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return property.toLowerCase();
}
