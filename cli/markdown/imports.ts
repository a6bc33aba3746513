import type { Code, Nodes, Parent, Root, RootContent } from 'mdast';
import type { Position } from 'unist';
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic';
import { chooseImport, forEachProseLine, IMPORT_COMMENT, importCandidates, importOf, parseImportTarget, safeDecode, selectLines, type ImportKind, type ImportTarget } from './directives';
import { lineList } from './fence-info';

/** What expanding a page's imports needs: the files the load stage read for it, and how to parse Markdown. */
export interface ImportContext {
  /** The page's path from the project root (`content/api/README.md`), for diagnostics and relative paths. */
  file: string;
  /** Every file the page imports, directly or through an include, by project-relative path; null: not found. */
  files: Readonly<Record<string, string | null>>;
  /** Where `@/` points, relative to the project root ('' is the root itself). */
  importRoot?: string;
  /** The content folder from the project root (resolveImport). */
  contentFolder?: string;
  /** The hint of an include that is not there, when the tree says more than the catalogue's (page/markdown.ts). */
  missingHint?: string;
  /** An included file's Markdown as a tree, its containers grouped (with what that reported). */
  parse: (markdown: string) => { tree: Root; diagnostics: Diagnostic[] };
}

/** More includes than this on one page (however nested) is a runaway: the rest are left out. */
const MAX_IMPORTS = 500;
const FRONTMATTER = /^---[ \t]*\n[\s\S]*?\n---[ \t]*(?:\n|$)/;

/**
 * Replaces each include marker (directives.ts) by the included file's
 * Markdown, and each snippet marker by a code block of the file. Included
 * nodes take the position of the including line, so whatever is reported
 * about them points there. A missing file, a path leaving the project and
 * an include cycle are reported at that line and leave nothing behind.
 */
export function expandImports(tree: Root, context: ImportContext): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const budget = { left: MAX_IMPORTS };
  expand(tree, context.file, [context.file], context, diagnostics, budget, undefined);
  return diagnostics;
}

function expand(
  parent: Parent,
  fromFile: string,
  stack: readonly string[],
  context: ImportContext,
  diagnostics: Diagnostic[],
  budget: { left: number },
  at: Position | undefined,
): void {
  if (!parent.children.some((c) => c.type === 'html' || 'children' in c)) return;
  parent.children = parent.children.flatMap((child): RootContent[] => {
    if (child.type !== 'html') {
      if ('children' in child) expand(child as Parent, fromFile, stack, context, diagnostics, budget, at);
      return [child as RootContent];
    }
    const marker = IMPORT_COMMENT.exec(child.value);
    if (!marker) return [child];
    const kind = marker[1] as ImportKind;
    const raw = safeDecode(marker[2]!);
    const written = raw.replace(/^!/, '');
    const position = at ?? child.position;
    const report = (code: 'link/missing-file' | 'markdown/include-outside-project' | 'markdown/include-cycle', message: string, hint?: string) => {
      diagnostics.push(diagnostic(code, { file: context.file, line: position?.start.line, column: position?.start.column }, message, hint, written));
      return [];
    };
    const target = parseImportTarget(kind, raw);
    const resolved = chooseImport(importCandidates(fromFile, target.path, context.importRoot, target.fromRoot && stack.length === 1, context.contentFolder), context.files);
    if (resolved === undefined) return report('markdown/include-outside-project', `"${target.path}" is outside the project, so it is not ${kind === 'include' ? 'included' : 'imported'}.`);
    const text = context.files[resolved];
    if (text === undefined || text === null) {
      return report('link/missing-file', `${kind === 'include' ? 'Included' : 'Imported'} file "${target.path}" does not exist (looked for ${resolved}).`, context.missingHint);
    }
    const part = selectLines(text, target);
    if (part === undefined) return report('link/missing-file', `"${target.path}" has no region "${target.region}".`);
    if (kind === 'snippet') return [withPosition(snippetBlock(resolved, part, target), position)];
    if (stack.includes(resolved)) return report('markdown/include-cycle', `Including "${target.path}" here would include ${[...stack.slice(stack.indexOf(resolved)), resolved].join(' → ')} again and again.`);
    if (--budget.left < 0) return report('markdown/include-cycle', `This page includes more than ${MAX_IMPORTS} files; the rest are left out.`);
    const body = target.range || target.region ? part : part.replace(FRONTMATTER, '');
    const included = context.parse(body);
    // Its own problems (an unknown container, say) are reported at the including line.
    for (const problem of included.diagnostics) diagnostics.push({ ...problem, file: context.file, line: position?.start.line ?? 1, column: position?.start.column ?? 1 });
    expand(included.tree, resolved, [...stack, resolved], context, diagnostics, budget, position);
    return included.tree.children.map((node) => withPosition(node, position));
  });
}

/** Extensions whose language name differs from the extension. */
const LANGUAGE_OF_EXTENSION: Readonly<Record<string, string>> = {
  mjs: 'js', cjs: 'js', mts: 'ts', cts: 'ts', yml: 'yaml', sh: 'bash', zsh: 'bash', md: 'markdown', txt: 'text', py: 'python', rb: 'ruby', rs: 'rust',
};

function snippetBlock(file: string, text: string, target: ImportTarget): Code {
  const name = file.slice(file.lastIndexOf('/') + 1);
  const extension = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';
  const lang = LANGUAGE_OF_EXTENSION[extension] ?? (extension || null);
  const fence = { highlight: target.lines ? lineList(target.lines) : [], ...(target.title ? { title: target.title } : {}) };
  return { type: 'code', lang, meta: null, value: text, data: { fence } };
}

/** Gives a node and everything in it one position: where the import was written. */
function withPosition<T extends Nodes>(node: T, position: Position | undefined): T {
  const visit = (n: Nodes) => {
    if (position) n.position = { start: { ...position.start }, end: { ...position.end } };
    else delete n.position;
    if ('children' in n) for (const c of n.children) visit(c);
  };
  visit(node);
  return node;
}


/**
 * The same imports at the text level, for the `.md` copies: each include or
 * snippet line becomes the Markdown it stands for (an included file's own
 * imports too), so a copy reads like the page. What the page stage reports
 * (a missing file, a cycle) becomes nothing here. Returns the indexes of
 * the lines it replaced with Markdown (each now many lines in one).
 */
export function expandImportLines(lines: string[], context: Omit<ImportContext, 'parse'>, stack: readonly string[] = [context.file]): number[] {
  const fromFile = stack[stack.length - 1]!;
  const expanded: number[] = [];
  forEachProseLine(lines, (line, index) => {
    const found = importOf(line);
    if (!found) return;
    const target = parseImportTarget(found.kind, found.target);
    const resolved = chooseImport(importCandidates(fromFile, target.path, context.importRoot, target.fromRoot && stack.length === 1, context.contentFolder), context.files);
    const text = resolved === undefined ? undefined : context.files[resolved];
    const part = typeof text === 'string' ? selectLines(text, target) : undefined;
    if (part === undefined || resolved === undefined || stack.includes(resolved) || stack.length > 20) {
      lines[index] = '';
    } else if (found.kind === 'snippet') {
      const block = snippetBlock(resolved, part, target);
      const fence = part.includes('```') ? '~~~~' : '```';
      lines[index] = `${fence}${block.lang ?? ''}\n${part}\n${fence}`;
    } else {
      const included = (target.range || target.region ? part : part.replace(FRONTMATTER, '')).split('\n');
      expandImportLines(included, context, [...stack, resolved]);
      lines[index] = included.join('\n');
    }
    if (lines[index] !== '') expanded.push(index);
  });
  return expanded;
}
