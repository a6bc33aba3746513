import path from 'node:path';

/**
 * The line-level directives of VuePress and VitePress trees, found outside
 * fenced code: `::: type` containers (containers.ts), includes
 * (`<!--@include: ./part.md-->`, markdown-it-include's `!!!include(part.md)!!!`)
 * and snippet imports (`<<< @/path/file.js{2}`). Each becomes an HTML
 * comment on the same line, so it is a node of its own (a comment may
 * interrupt a paragraph) and no other line moves.
 */
const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;
// These are matched against a line without its trailing blanks, and capture greedily: a lazy capture before `\s*$`
// made a long run of blanks cost quadratic time (a hostile page stalled the build).
// Three colons or more, as markdown-it-container reads them: `:::: tabs` holds `::: tab` blocks, and its `::::` closes it.
// A capture starts at what is not a blank, so the blanks before it can be read one way only (the ambiguity made a long run quadratic).
// Any word for a type (`::: 注意` too), so that one docsbuild does not know is reported at its line, not taken for text and its `:::` for a stray end.
const CONTAINER = /^ {0,3}:{3,}\s*(?:([^\s:]\S*)(?:\s+(\S[\s\S]*))?)?$/;
const INCLUDE_COMMENT = /^\s*<!--\s*@include:(?:\s*(\S[\s\S]*)|\s+)-->$/;
const INCLUDE_BANGS = /^\s*!!!include\((.+)\)!!!$/;
const SNIPPET = /^\s*<<<\s*(\S.*)$/;
/**
 * A line that starts with a Vue component's tag (PascalCase or with a
 * hyphen). VuePress ends an HTML block at such a line's end, so the Markdown
 * on the next line is Markdown (a fence right under `<CodeBlock>`); in
 * CommonMark the block would run on to the next blank line.
 */
const COMPONENT_LINE = /^( {0,3})(<\/?(?:[A-Z][\w.-]*|[a-z][a-z0-9]*(?:-[a-z0-9]+)+)(?=[\s/>])[\s\S]*>[\s\S]*)$/;
/** The cheap test: a page with none of these strings is returned as it is. */
const ANY = /:::|<<<|@include:|!!!include\(|^ {0,3}<\/?(?:[A-Z]|[a-z][a-z0-9]*-[a-z0-9])/m;
/**
 * importsOf's cheap test: what every include and snippet line holds. Most
 * pages have a container or a component (ANY), few an import: with ANY,
 * importsOf split and scanned the lines of nearly every page, 0.3-0.4 s of
 * each build at 10,000 bench pages (load sources), to find none.
 */
const ANY_IMPORT = /<<<|@include:|!!!include\(/;

/** A container's end, with its colons: `<!--docsbuild:close:3-->`. */
export const CLOSE_COMMENT = /^<!--docsbuild:close:(\d+)-->$/;
/** A container's start: its colons, then its type and title, each URI-encoded. */
export const OPEN_COMMENT = /^<!--docsbuild:open:(\d+):([^:]+):(.*)-->$/;
export const IMPORT_COMMENT = /^<!--docsbuild:(include|snippet):(.*)-->$/;
/** A line markDirectives wrote. */
export const MARKER_LINE = /^ *<!--docsbuild:(?:close:\d+|open:\d+:[^:]+:.*|include:.*|snippet:.*|tag:.*)-->$/;

const closeMarker = (colons: number) => `<!--docsbuild:close:${colons}-->`;

/** How many colons a container line (its indent taken off) starts with. */
function colonsOf(line: string): number {
  let colons = 0;
  while (line[colons] === ':') colons++;
  return colons;
}

export type ImportKind = 'include' | 'snippet';

/** Rewrites every directive line outside fenced code as a marker comment; the line count stays. */
export function markDirectives(markdown: string): string {
  if (!ANY.test(markdown)) return markdown;
  const lines = markdown.split('\n');
  const prose: number[] = [];
  forEachProseLine(lines, (_, i) => prose.push(i));
  const closers = markdown.includes(':::') ? listedClosers(lines, prose) : undefined;
  for (const i of prose) {
    const closer = closers?.get(i);
    const marker = closer !== undefined ? closeMarker(closer) : (containerMarkerOf(lines, i) ?? markerOf(lines[i]!));
    if (marker !== undefined) lines[i] = marker;
  }
  return lines.join('\n');
}

/**
 * markdown-it-container closes a container at the first line after it that
 * is its marker alone, indented less than four, wherever that line stands:
 * a `  :::` under a list item closes a `::: tip` opened above the list
 * (vssue's docs close their tips so), where the parser would put the line
 * in the item (an unclosed tip running to the end of the page, and a stray
 * end in the item). Such a closer is marked where the container is,
 * unindented, unless a container opened in a list item before it (then it
 * is that one's) or another container line at the top level came first.
 */
function listedClosers(lines: readonly string[], prose: readonly number[]): Map<number, number> {
  const closers = new Map<number, number>();
  let open: { colons: number; nested: number } | undefined;
  for (const i of prose) {
    const line = lines[i]!;
    if (quotePrefixLength(line) > 0) continue;
    const indent = line.length - line.trimStart().length;
    const rest = line.slice(indent);
    if (!rest.startsWith(':::') || line.startsWith('\t')) continue;
    const container = CONTAINER.exec(rest.trimEnd());
    if (!container) continue;
    const colons = colonsOf(rest);
    const nested = indent > 0 && underListItem(lines, i, indent);
    // Four spaces deep outside a list: indented code.
    if (!nested && indent > 3) continue;
    if (!nested) {
      // A container line at the top level: an opener is looked for its closer, a closer is paired as written.
      open = container[1] === undefined ? undefined : { colons, nested: 0 };
    } else if (open && container[1] !== undefined) {
      open.nested++;
    } else if (open && open.nested > 0) {
      open.nested--;
    } else if (open && indent <= 3 && colons >= open.colons) {
      closers.set(i, colons);
      open = undefined;
    }
  }
  return closers;
}

/**
 * A container line in a block quote or a list item, as markdown-it-container
 * reads them (vue-cli puts `::: tip` four spaces deep in a `2.` item): its
 * marker keeps the quote markers and indent before it, so it stays in the
 * quote or item, where the parser puts the container then. A line indented
 * four or more is a container only under a list item whose text starts at
 * most three columns left of it; elsewhere it is an indented code block.
 */
function containerMarkerOf(lines: readonly string[], index: number): string | undefined {
  const line = lines[index]!;
  const quotes = line.slice(0, quotePrefixLength(line));
  const indent = /^ */.exec(line.slice(quotes.length))![0];
  const rest = line.slice(quotes.length + indent.length);
  if (!rest.startsWith(':::') || (quotes === '' && indent === '')) return undefined;
  const nested = quotes === '' ? underListItem(lines, index, indent.length) : indent.length <= 3;
  // Not nested: a line indented up to three is read as it stands (markerOf), one indented more is code.
  if (!nested) return undefined;
  const marker = markerOf(rest);
  return marker === undefined ? undefined : `${quotes}${indent}${marker}`;
}

/**
 * How many characters of `line` are block quote markers (`> `, `  >`,
 * `>>`): read by hand, each character once (an expression for it, with
 * optional blanks on both sides of a `>`, backtracked on long runs).
 */
export function quotePrefixLength(line: string): number {
  let end = 0;
  for (;;) {
    let at = end;
    while (at < line.length && at - end < 3 && line[at] === ' ') at++;
    if (line[at] !== '>') return end;
    end = line[at + 1] === ' ' ? at + 2 : at + 1;
  }
}
const LIST_ITEM = /^( *)(?:[-*+]|\d{1,9}[.)])( +)\S/;

/**
 * Whether line `index`, indented `indent`, sits in a list item's text: an
 * item above starts its text 0-3 columns left of it, and every line between
 * is indented at least as far as that text (the item's own lines: a
 * `   :::` under `  ::: warning` in a `- ` item is the item's, as
 * vue-storefront's cookbook writes it).
 */
function underListItem(lines: readonly string[], index: number, indent: number): boolean {
  let shallowest = indent;
  // A bounded look up: a hostile page of 40,000 indented ":::" lines made it quadratic. An item's text is rarely this long.
  for (let i = index - 1; i >= Math.max(0, index - ITEM_LINES_LOOKED_AT); i--) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const item = LIST_ITEM.exec(line);
    if (item) {
      const text = item[0].length - 1;
      if (text <= indent && indent - text <= 3 && shallowest >= text) return true;
      if (item[1]!.length < indent) return false;
      continue;
    }
    const own = line.length - line.trimStart().length;
    // Text at the left edge is no item's.
    if (own === 0) return false;
    shallowest = Math.min(shallowest, own);
  }
  return false;
}

const ITEM_LINES_LOOKED_AT = 200;

function markerOf(line: string): string | undefined {
  const trimmed = line.trimEnd();
  const container = CONTAINER.exec(trimmed);
  if (container) {
    const colons = colonsOf(trimmed.trimStart());
    return container[1] === undefined ? closeMarker(colons) : `<!--docsbuild:open:${colons}:${encodeURIComponent(container[1])}:${encodeURIComponent(container[2] ?? '')}-->`;
  }
  const found = importOf(line);
  if (found) return `<!--docsbuild:${found.kind}:${encodeURIComponent(found.target)}-->`;
  const component = COMPONENT_LINE.exec(line);
  return component ? `${component[1]}<!--docsbuild:tag:${encodeURIComponent(component[2]!)}-->` : undefined;
}

export function importOf(line: string): { kind: ImportKind; target: string } | undefined {
  const trimmed = line.trimEnd();
  const comment = INCLUDE_COMMENT.exec(trimmed);
  if (comment) return { kind: 'include', target: (comment[1] ?? '').trimEnd() };
  // markdown-it-include reads a page's includes from the project root (its `root` option), not the page's folder: marked with a leading "!".
  const bangs = INCLUDE_BANGS.exec(trimmed);
  if (bangs) return { kind: 'include', target: `${ROOT_RELATIVE}${bangs[1]!}` };
  const snippet = SNIPPET.exec(trimmed);
  return snippet ? { kind: 'snippet', target: snippet[1]! } : undefined;
}

/** Calls `fn` for each line that is not inside (or opening or closing) a fenced code block or an HTML comment block. */
export function forEachProseLine(lines: readonly string[], fn: (line: string, index: number) => void): void {
  forEachLine(lines, (line, index, fence, comment) => {
    if (fence === undefined && !comment) fn(line, index);
  });
}

/** A line that starts an HTML block of a comment (CommonMark's type 2): it runs to the first line holding `-->`. */
const COMMENT_BLOCK_OPEN = /^ {0,3}<!--/;

/**
 * Calls `fn` for each line, with the index of the line that opened the
 * fenced code block it is in (its opening and closing lines too), if any,
 * and whether it is in an HTML comment block (its first and last lines
 * too): what such a comment holds is not Markdown, so a `:::` or an include
 * line in it is nothing (a commented-out container once showed on the page).
 */
export function forEachLine(lines: readonly string[], fn: (line: string, index: number, fence: number | undefined, comment: boolean) => void): void {
  let fence: { char: string; length: number; at: number } | undefined;
  let comment = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (comment) {
      comment = !line.includes('-->');
      fn(line, i, undefined, true);
      continue;
    }
    const fenceMatch = FENCE_OPEN.exec(line);
    if (fence) {
      const at = fence.at;
      if (fenceMatch && fenceMatch[1]![0] === fence.char && fenceMatch[1]!.length >= fence.length && line.trim() === fenceMatch[1]) fence = undefined;
      fn(line, i, at, false);
      continue;
    }
    if (fenceMatch) {
      fence = { char: fenceMatch[1]![0]!, length: fenceMatch[1]!.length, at: i };
      fn(line, i, i, false);
      continue;
    }
    const opened = COMMENT_BLOCK_OPEN.exec(line);
    if (opened && !line.includes('-->', opened[0].length)) {
      comment = true;
      fn(line, i, undefined, true);
      continue;
    }
    fn(line, i, undefined, false);
  }
}

/** The includes and snippet imports a page names, as written: what the load stage reads for it. */
export function importsOf(markdown: string): { kind: ImportKind; target: ImportTarget; line: number }[] {
  if (!ANY_IMPORT.test(markdown)) return [];
  const found: { kind: ImportKind; target: ImportTarget; line: number }[] = [];
  forEachProseLine(markdown.split('\n'), (line, index) => {
    const match = importOf(line);
    if (match) found.push({ kind: match.kind, target: parseImportTarget(match.kind, match.target), line: index + 1 });
  });
  return found;
}

/** Leads the target of an include read from the import root when a page names it (`!!!include(docs/x.md)!!!`). */
const ROOT_RELATIVE = '!';

/** What an include or snippet line names: the file, and which part of it. */
export interface ImportTarget {
  path: string;
  /** markdown-it-include's form: from the import root when a page names it, from the including file's folder when an included file does. */
  fromRoot?: boolean;
  /** `#name`: the lines between `#region name` and `#endregion`. */
  region?: string;
  /** Includes: `{3,10}`, `{3,}`, `{,10}`: lines 3 to 10 of the file (1-based, inclusive). */
  range?: [number | undefined, number | undefined];
  /** Snippets: `{2,4-5}`, the lines to highlight, as written. */
  lines?: string;
  /** Snippets: `[title]`, the label in a code group. */
  title?: string;
}

/**
 * `path#region{braces} [title]`, each part after the path optional: what
 * `/^(.*?)(?:#([\w-]+))?(?:\{([^}]*)\})?(?:\s+\[([^\]]*)\])?$/` reads, the
 * shortest path after which the rest fits. Read by hand, from the right:
 * that expression tries every length of path and reads the rest again for
 * each, which costs quadratic time on a long target (a hostile page).
 */
function splitTarget(text: string): [path: string, region?: string, braces?: string, title?: string] {
  const n = text.length;
  // From the right, for each place: the next non-blank, the next "}", the end of a run of word characters.
  const nonBlank = new Int32Array(n + 1);
  const closeBrace = new Int32Array(n + 1);
  const wordEnd = new Int32Array(n + 1);
  nonBlank[n] = closeBrace[n] = wordEnd[n] = n;
  for (let i = n - 1; i >= 0; i--) {
    const c = text[i]!;
    nonBlank[i] = BLANK.test(c) ? nonBlank[i + 1]! : i;
    closeBrace[i] = c === '}' ? i : closeBrace[i + 1]!;
    wordEnd[i] = WORD.test(c) ? wordEnd[i + 1]! : i;
  }
  // A title must end the text, and hold no "]" but its last.
  const titleFloor = text.endsWith(']') ? text.lastIndexOf(']', n - 2) : n;
  const titleAt = (i: number): number | undefined => {
    if (i >= n || !BLANK.test(text[i]!)) return undefined;
    const open = nonBlank[i]!;
    return open < n - 1 && text[open] === '[' && open > titleFloor ? open : undefined;
  };
  const endsAt = (i: number) => i === n || titleAt(i) !== undefined;
  const bracesEnd = (i: number): number | undefined => {
    if (text[i] !== '{') return undefined;
    const close = closeBrace[i + 1]!;
    return close < n && endsAt(close + 1) ? close : undefined;
  };
  const regionEnd = (i: number): number | undefined => {
    if (text[i] !== '#') return undefined;
    const end = wordEnd[i + 1]!;
    return end > i + 1 && (bracesEnd(end) !== undefined || endsAt(end)) ? end : undefined;
  };
  for (let at = 0; ; at++) {
    const region = regionEnd(at);
    const bracesFrom = region ?? at;
    const braces = bracesEnd(bracesFrom);
    if (region === undefined && braces === undefined && !endsAt(at)) continue;
    const titleFrom = braces === undefined ? bracesFrom : braces + 1;
    const open = titleAt(titleFrom);
    return [
      text.slice(0, at),
      region === undefined ? undefined : text.slice(at + 1, region),
      braces === undefined ? undefined : text.slice(bracesFrom + 1, braces),
      open === undefined ? undefined : text.slice(open + 1, n - 1),
    ];
  }
}
const BLANK = /\s/;
const WORD = /[\w-]/;

export function parseImportTarget(kind: ImportKind, raw: string): ImportTarget {
  const fromRoot = raw.startsWith(ROOT_RELATIVE);
  const written = (fromRoot ? raw.slice(ROOT_RELATIVE.length) : raw).trim();
  const [file, region, braces, title] = splitTarget(written);
  const target: ImportTarget = { path: file.trim() };
  if (fromRoot) target.fromRoot = true;
  if (region !== undefined) target.region = region;
  if (braces !== undefined && kind === 'include') {
    const [from, to] = braces.split(',').map((n) => (n.trim() === '' ? undefined : Number.parseInt(n, 10)));
    target.range = [Number.isNaN(from) ? undefined : from, braces.includes(',') ? (Number.isNaN(to) ? undefined : to) : from];
  } else if (braces !== undefined) {
    target.lines = braces;
  }
  if (title !== undefined && title.trim() !== '') target.title = title.trim();
  return target;
}

/**
 * The project-relative path a page's import names: `@/x` from the import
 * root (the project root unless site.yaml says otherwise), anything else
 * from the importing file's folder. Undefined when it leaves the project.
 */
export function resolveImport(fromFile: string, target: string, importRoot = '', fromRoot = false, contentFolder = ''): string | undefined {
  const joined = target.startsWith('@/')
    ? path.posix.join(importRoot, target.slice(2))
    : fromRoot
      ? path.posix.join(importRoot, target)
      : path.posix.join(path.posix.dirname(fromFile), target);
  const normal = path.posix.normalize(joined);
  if (path.posix.isAbsolute(normal) || normal === '.') return undefined;
  // Outside the project root only inside the content folder, when that is where it lies (`--content ../docs`).
  const outside = normal === '..' || normal.startsWith('../');
  if (outside && !(contentFolder.startsWith('../') && normal.startsWith(`${contentFolder}/`))) return undefined;
  return normal;
}

/**
 * Where an import may be, in the order they are tried. One place, except for
 * markdown-it-include's form in a page: from the import root, then from the
 * content folder. That plugin's root is the folder `vuepress` runs in as
 * often as the docs folder itself (`md.use(include, path.resolve(__dirname,
 * '..'))`), and a config's `md.use` call is code docsbuild does not run.
 */
export function importCandidates(fromFile: string, target: string, importRoot = '', fromRoot = false, contentFolder = ''): string[] {
  const first = resolveImport(fromFile, target, importRoot, fromRoot, contentFolder);
  if (!fromRoot || first === undefined || target.startsWith('@/')) return first === undefined ? [] : [first];
  const second = resolveImport(fromFile, target, contentFolder, true, contentFolder);
  return second === undefined || second === first ? [first] : [first, second];
}

/** The first of an import's places whose text was read; else the first place, to name in a diagnostic. */
export function chooseImport(candidates: readonly string[], files: Readonly<Record<string, string | null>>): string | undefined {
  return candidates.find((file) => typeof files[file] === 'string') ?? candidates[0];
}

/** The part of a file an import asks for; undefined when the region is not there. */
export function selectLines(text: string, target: ImportTarget): string | undefined {
  let lines = text.replace(/\n$/, '').split('\n');
  if (target.region !== undefined) {
    const start = lines.findIndex((l) => regionMarker(l)?.name === target.region && !regionMarker(l)!.end);
    if (start < 0) return undefined;
    const end = lines.findIndex((l, i) => i > start && regionMarker(l)?.end === true && (regionMarker(l)!.name === '' || regionMarker(l)!.name === target.region));
    lines = lines.slice(start + 1, end < 0 ? undefined : end);
  }
  if (target.range) {
    const [from = 1, to = lines.length] = target.range;
    lines = lines.slice(Math.max(from, 1) - 1, Math.max(to, 0));
  }
  // Markers of other regions inside a region are not part of its text; a whole file is shown as written (VuePress's and
  // VitePress's snippets alike), so that the lines its highlights count are the file's.
  return (target.region === undefined ? lines : lines.filter((l) => regionMarker(l) === undefined)).join('\n');
}

/** VitePress's region markers: after `//`, `/*` or `<!--` the `#` is optional; alone (Python, C#, shell) it is required. */
const REGION = /^\s*(?:(?:\/\/|\/\*|<!--)\s*#?|#\s*|--\s*#|;\s*#)(end)?region\b[ \t]*([\w-]*)/;

function regionMarker(line: string): { end: boolean; name: string } | undefined {
  const match = REGION.exec(line);
  return match ? { end: match[1] !== undefined, name: match[2] ?? '' } : undefined;
}

/** A marker's text back as written (markDirectives encoded it). */
export function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
