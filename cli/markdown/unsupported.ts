import type { Root, Text } from 'mdast';
import { SKIP, visit } from 'unist-util-visit';
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic';
import { delimited, lineLocator } from '../support/text-scan';

/** Where each found directive starts in a text node's value, and what it is as written. */
type Finder = (text: string) => Iterable<{ index: number; written: string }>;

/** An opener and the first closer after it on its line (`OPENER.*?CLOSER`, found without rescanning a line for each opener). */
const between = (opener: RegExp, closer: string): Finder =>
  function* (text) {
    for (const found of delimited(text, opener, closer, { sameLine: true })) yield { index: found.index, written: text.slice(found.index, found.end) };
  };

/** Every match of a global expression that is linear already. */
const matchesOf = (pattern: RegExp): Finder =>
  function* (text) {
    for (const match of text.matchAll(pattern)) yield { index: match.index, written: match[0] };
  };

/** Directives of VuePress, VitePress and markdown-it plugins that docsbuild does not read, as they stand in text. */
const PATTERNS: readonly { find: Finder; what: string }[] = [
  { find: between(/!!!include\(/g, ')!!!'), what: 'an include inside a line (write it on a line of its own)' },
  { find: matchesOf(/^<<<.*$/gm), what: 'a snippet import docsbuild cannot read (write "<<< @/path/file.js" on a line of its own)' },
  // A name's first character, then anything up to "}}": `{{ $page.title }}`, `{{ $t('x') }}`.
  { find: between(/\{\{\s*\$(?!const\.|(?:site\.)?themeConfig\.)[\w$.[\]'"]/g, '}}'), what: 'a Vue expression, which is not evaluated' },
];
/** The cheap test: most pages hold none of these. */
const ANY = /!!!include\(|<<<|@\[|\{\{\s*\$(?!const\.|(?:site\.)?themeConfig\.)/;

/**
 * In a VuePress tree every `{{ }}` outside code is a Vue expression that
 * VuePress evaluated (`{{ 1 + 1 }}`, Chart.js's `{{new Date().getFullYear()}}`
 * copyright line); elsewhere double braces may be text (a template
 * language's docs), and only the `$` forms above are VuePress's.
 */
const VUE_EXPRESSION: { find: Finder; what: string } = {
  find: between(/\{\{(?!\s*\$)\s*[^\s}]/g, '}}'),
  what: 'a Vue expression, which is not evaluated',
};

/**
 * The `@[name](…)` directives of VuePress 2 (`@[code](./x.js)`) and of the
 * embed plugins (markdown-it-video, -block-embed and the like). Any other
 * `@[name](url)` is an "@" before a link, as VuePress 1 shows it (mpx's
 * release notes thank `@[zhuzhh](https://github.com/zhuzhh)`).
 */
const DIRECTIVE_NAMES = new Set(['code', 'code-group', 'youtube', 'vimeo', 'vine', 'prezi', 'osf', 'bilibili', 'video', 'audio', 'pdf', 'codepen', 'jsfiddle', 'codesandbox', 'stackblitz', 'replit', 'iframe', 'toc']);

function isDirectiveName(label: string): boolean {
  const name = /^\s*([a-z][a-z-]*)/i.exec(label)?.[1]?.toLowerCase();
  return name !== undefined && DIRECTIVE_NAMES.has(name);
}

/**
 * A `markdown/unsupported-syntax` warning for each directive left in the
 * page's text (code, inline code and `::: v-pre` are left alone): it is
 * shown as written (an `@[name](arg)`, which remark reads as "@" and a
 * link, made text again), and the writer learns why rather than finding it later.
 */
export function reportUnsupportedSyntax(tree: Root, markdown: string, file: string, vuepress = false): Diagnostic[] {
  const vue = vuepress && markdown.includes('{{');
  if (!vue && !ANY.test(markdown)) return [];
  const patterns = vue ? [...PATTERNS, VUE_EXPRESSION] : PATTERNS;
  const diagnostics: Diagnostic[] = [];
  visit(tree, (node, index, parent) => {
    if (node.type === 'container' && node.kind === 'v-pre') return SKIP;
    // `@[code](./x.js)`, `@[youtube](id)`: remark reads "@" and a link.
    const previous = index !== undefined && index > 0 ? parent?.children[index - 1] : undefined;
    const label = node.type === 'link' ? node.children.map((c) => ('value' in c ? c.value : '')).join('') : '';
    if (node.type === 'link' && previous?.type === 'text' && /(?:^|\s)@$/.test(previous.value) && isDirectiveName(label) && parent && index !== undefined) {
      const start = node.position?.start;
      const at = { file, line: start?.line, column: start ? start.column - 1 : undefined };
      diagnostics.push(
        diagnostic(
          'markdown/unsupported-syntax',
          at,
          `"@[${label}](${node.url})" is a markdown-it directive docsbuild does not read; it is shown as written.`,
          'Replace it with what it showed (a code block, an image, a link), or remove it.',
          `@[${label}]`,
        ),
      );
      // As written, not as a link: its argument is no page (a link/dead error for each, on top of this warning, failed the build).
      parent.children[index] = { type: 'text', value: `[${label}](${node.url})`, position: node.position };
      return SKIP;
    }
    if (node.type !== 'text') return undefined;
    let locate: ReturnType<typeof lineLocator> | undefined;
    for (const { find, what } of patterns) {
      for (const found of find(node.value)) diagnostics.push(report(node, found, (locate ??= lineLocator(node.value))(found.index), what, file));
    }
    return undefined;
  });
  return diagnostics;
}

function report(node: Text, found: { index: number; written: string }, at: { line: number; column: number }, what: string, file: string): Diagnostic {
  const start = node.position?.start;
  const line = (start?.line ?? 1) + at.line;
  const column = at.line > 0 ? at.column + 1 : (start?.column ?? 1) + found.index;
  const { written } = found;
  const text = written.length > 60 ? `${written.slice(0, 59)}…` : written;
  return diagnostic('markdown/unsupported-syntax', { file, line, column }, `"${text}" is ${what}; it is shown as written.`, undefined, written);
}
