import type { Html, Nodes, Parent, Root, RootContent } from 'mdast';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { diagnostic } from '../diagnostics/diagnostic';
import { CLOSE_COMMENT, MARKER_LINE, OPEN_COMMENT, safeDecode } from './directives';

/**
 * The built-in types: VuePress 1's (tip, warning, danger, details, and
 * v-pre and slot, which draw no box), VitePress's info, note and
 * code-group, the tabs of VuePress 1's tabs plugins (`:::: tabs` holding
 * `::: tab Label` blocks), the kinds of GitHub's alerts (alerts.ts),
 * which are containers too, and the `right` and `center` blocks of the
 * reco and vdoing themes (a quote's source set flush right, a centred line).
 */
export const CONTAINER_TYPES = ['tip', 'warning', 'danger', 'details', 'info', 'note', 'important', 'caution', 'v-pre', 'slot', 'code-group', 'tabs', 'tab', 'right', 'center'] as const;
export type ContainerType = (typeof CONTAINER_TYPES)[number];

export const DEFAULT_TITLES: Readonly<Record<string, string>> = {
  tip: 'Tip',
  warning: 'Warning',
  danger: 'Danger',
  details: 'Details',
  info: 'Info',
  note: 'Note',
  important: 'Important',
  caution: 'Caution',
};
/**
 * The titles VuePress 1's default theme gives an untitled tip, warning and
 * danger (its container plugins' `defaultTitle`): upper case, and Chinese on
 * pages under `zh/` (the plugin picks by the page's path, whatever the
 * site's locales are).
 */
const VUEPRESS_TITLES: Readonly<Record<string, string>> = { ...DEFAULT_TITLES, tip: 'TIP', warning: 'WARNING', danger: 'DANGER' };
const VUEPRESS_ZH_TITLES: Readonly<Record<string, string>> = { ...DEFAULT_TITLES, tip: '提示', warning: '注意', danger: '警告' };

/** The types VuePress 1's default theme registers itself; docsbuild's others (info, note…) are a VuePress tree's own to declare and title. */
const VUEPRESS_BUILT_IN: ReadonlySet<string> = new Set(['tip', 'warning', 'danger', 'details']);

export function vuepressTitles(relativePath: string, declared: readonly DeclaredContainer[] = []): Readonly<Record<string, string>> {
  const titles = relativePath.startsWith('zh/') ? VUEPRESS_ZH_TITLES : VUEPRESS_TITLES;
  // A container plugin's `info` is titled as the plugin says (INFO without a defaultTitle), not as docsbuild's own info box.
  const own = declared.filter(({ type }) => Object.hasOwn(titles, type) && !VUEPRESS_BUILT_IN.has(type));
  return own.length === 0 ? titles : Object.fromEntries(Object.entries(titles).filter(([type]) => !own.some((d) => d.type === type)));
}

/** Types whose content is shown as it is, without a box or a title (`right` and `center` aligned so by the viewer's styles). */
export const BARE_CONTAINERS: ReadonlySet<string> = new Set(['v-pre', 'slot', 'code-group', 'tabs', 'tab', 'right', 'center']);

/** A type a site declares (site.yaml `markdown.containers`): drawn like the built-in boxes, under its own title. */
export interface DeclaredContainer {
  type: string;
  title?: string;
  /** The title on pages under a locale's folder, by its path (`/zh/`). */
  localeTitles?: Readonly<Record<string, string>>;
}

/**
 * The declared containers as one page shows them: a type with titles by
 * locale takes the first locale whose folder holds the page (in the order
 * written, as VuePress's container plugin picks its `defaultTitle`), else
 * its own title.
 */
export function containersOfPage(declared: readonly DeclaredContainer[] | undefined, relativePath: string): readonly DeclaredContainer[] | undefined {
  if (!declared?.some((container) => container.localeTitles)) return declared;
  return declared.map(({ type, title, localeTitles }) => {
    const locale = Object.keys(localeTitles ?? {}).find((folder) => relativePath.startsWith(folder.slice(1)));
    const shown = locale === undefined ? title : localeTitles![locale];
    return shown === undefined ? { type } : { type, title: shown };
  });
}

/**
 * Which open container a bare `:::` ends. `nested`: the innermost, so
 * containers nest with three colons each. `markdown-it`: the outermost one
 * opened with no more colons than the line has, and whatever is open inside
 * it, as markdown-it-container pairs them (a container ends at the first
 * such line after it, searched before its content is parsed), which is how
 * VuePress and VitePress read a page: nesting there takes more colons
 * outside (`:::: tabs` around `::: tab`).
 */
export type ContainerPairing = 'nested' | 'markdown-it';

/** A container in the tree; rendered as `<div class="custom-block tip">` or `<details>`. */
export interface ContainerNode extends Parent {
  type: 'container';
  /** A built-in or declared type. */
  kind: string;
  title: string;
  children: RootContent[];
}

declare module 'mdast' {
  interface RootContentMap {
    container: ContainerNode;
  }
}

/** Wraps the nodes between marker comments into container nodes, at every depth. */
export function groupContainers(
  tree: Root,
  file: string,
  declared: readonly DeclaredContainer[] = [],
  pairing: ContainerPairing = 'nested',
  defaults: Readonly<Record<string, string>> = DEFAULT_TITLES,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const titles = declared.length === 0 ? defaults : { ...Object.fromEntries(declared.map((d) => [d.type, d.title ?? titleCase(d.type)])), ...defaults };
  const visit = (parent: Parent) => {
    for (const child of parent.children) if ('children' in child) visit(child as Parent);
    if (parent.children.some((c) => c.type === 'html' && c.value.includes('<!--docsbuild:'))) {
      parent.children = parent.children.flatMap((c): Nodes[] => (c.type === 'html' ? splitAtMarkers(c) : [c as Nodes])) as typeof parent.children;
    }
    if (parent.children.some(isMarker)) parent.children = groupChildren(parent.children as RootContent[], file, titles, diagnostics, pairing);
  };
  visit(tree);
  return diagnostics;
}

/**
 * An HTML block runs until a blank line, so a `:::` right under a line of
 * HTML ends up inside the block: split the block at its marker lines (whole
 * lines, by markContainers), each part keeping its lines.
 */
function splitAtMarkers(node: Html): Html[] {
  const lines = node.value.split('\n');
  const isMarkerLine = (line: string) => MARKER_LINE.test(line);
  if (lines.length < 2 || !lines.some(isMarkerLine)) return [node];
  const parts: Html[] = [];
  const start = node.position?.start;
  let first = 0;
  // Offsets too: the HTML parser places what it finds by them.
  const offsetOf = (index: number) => (start?.offset ?? 0) + lines.slice(0, index).reduce((n, l) => n + l.length + 1, 0);
  const flush = (from: number, to: number) => {
    if (to <= from) return;
    const value = lines.slice(from, to).join('\n');
    const position = start && {
      start: { line: start.line + from, column: from === 0 ? start.column : 1, offset: offsetOf(from) },
      end: { line: start.line + to - 1, column: (to - 1 === 0 ? start.column - 1 : 0) + lines[to - 1]!.length + 1, offset: offsetOf(to) - 1 },
    };
    parts.push({ type: 'html', value, position });
  };
  lines.forEach((line, i) => {
    if (!isMarkerLine(line)) return;
    flush(first, i);
    flush(i, i + 1);
    first = i + 1;
  });
  flush(first, lines.length);
  return parts;
}

function isMarker(node: Nodes): boolean {
  return node.type === 'html' && (CLOSE_COMMENT.test(node.value.trimStart()) || OPEN_COMMENT.test(node.value.trimStart()));
}

/** An open container: `written` is the type as written, which an unknown one's node (drawn as a tip) does not keep. */
interface OpenContainer {
  node: ContainerNode;
  line: number;
  written: string;
  colons: number;
}

function groupChildren(children: RootContent[], file: string, titles: Readonly<Record<string, string>>, diagnostics: Diagnostic[], pairing: ContainerPairing): RootContent[] {
  const root: RootContent[] = [];
  const stack: OpenContainer[] = [];
  const current = () => (stack.length > 0 ? stack[stack.length - 1]!.node.children : root);
  for (const child of children) {
    const at = { file, line: child.position?.start.line, column: child.position?.start.column };
    // A marker in a list item keeps the spaces its line had past the item's indent (directives.ts containerMarkerOf).
    const close = child.type === 'html' ? CLOSE_COMMENT.exec(child.value.trimStart()) : null;
    if (close) {
      const colons = Number(close[1]);
      const from = pairing === 'nested' ? stack.length - 1 : stack.findIndex((open) => open.colons <= colons);
      if (from < 0) {
        diagnostics.push(diagnostic('markdown/stray-container-end', at, `This "${':'.repeat(colons)}" closes no open container.`, undefined, ':::'));
        continue;
      }
      const [closed, ...inside] = stack.splice(from);
      for (const open of [closed!, ...inside]) if (open.node.position && child.position) open.node.position.end = child.position.end;
      for (const open of inside) {
        const message = `"::: ${open.written}" is never closed on its own: the "${':'.repeat(colons)}" on line ${at.line} ends the "::: ${closed!.written}" opened on line ${closed!.line}, and this one with it (as in VuePress). To nest, give the outer container more colons ("::::").`;
        diagnostics.push(diagnostic('markdown/unclosed-container', { file, line: open.line, column: open.node.position?.start.column }, message, undefined, open.written));
      }
      continue;
    }
    const open = child.type === 'html' ? OPEN_COMMENT.exec(child.value.trimStart()) : null;
    if (!open) {
      current().push(child);
      continue;
    }
    const colons = Number(open[1]);
    const kind = safeDecode(open[2]!);
    const title = safeDecode(open[3]!);
    const isKnown = Object.hasOwn(titles, kind) || BARE_CONTAINERS.has(kind);
    if (!isKnown) {
      diagnostics.push(diagnostic('markdown/unknown-container', at, `"::: ${kind}" is not a container type.`, undefined, kind));
    }
    const known = isKnown ? kind : 'tip';
    const node: ContainerNode = {
      type: 'container',
      kind: known,
      // An unknown type (baselined: `::: 注意`, vue-test-utils' Japanese "caution") keeps its own word as its title, not "Tip".
      title: title || (isKnown ? (titles[known] ?? '') : kind),
      children: [],
      position: child.position ? { start: child.position.start, end: child.position.end } : undefined,
    };
    current().push(node);
    stack.push({ node, line: child.position?.start.line ?? 1, written: kind, colons });
  }
  for (const open of stack) {
    diagnostics.push(
      diagnostic(
        'markdown/unclosed-container',
        { file, line: open.line, column: open.node.position?.start.column },
        `"::: ${open.written}" is never closed, so it runs to the end of the page.`,
        undefined,
        open.written,
      ),
    );
  }
  return root;
}


function titleCase(type: string): string {
  return type.charAt(0).toUpperCase() + type.slice(1);
}
