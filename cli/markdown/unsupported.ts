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

/** Each whole line (without its line break) that `holds` says is one. */
const linesWhere = (holds: (line: string) => boolean): Finder =>
  function* (text) {
    for (let start = 0; start <= text.length; ) {
      const end = text.indexOf('\n', start);
      const stop = end === -1 ? text.length : end;
      const line = text.slice(start, stop);
      if (holds(line)) yield { index: start, written: line };
      start = stop + 1;
    }
  };

/** Every match of a global expression that is linear already. */
const matchesOf = (pattern: RegExp): Finder =>
  function* (text) {
    for (const match of text.matchAll(pattern)) yield { index: match.index, written: match[0] };
  };

/** Directives of VuePress, VitePress and markdown-it plugins that docsbuild does not read, as they stand in text. */
const PATTERNS: readonly { find: Finder; what: string }[] = [
  { find: between(/!!!include\(/g, ')!!!'), what: 'an include inside a line (write it on a line of its own)' },
  // markdown-it-include given its own includeRe in the config's code (`!!! include part.md !!!`, directus' v8 docs): only the default form is read.
  {
    find: linesWhere((line) => {
      const text = line.trim();
      return text.length > 6 && text.startsWith('!!!') && text.endsWith('!!!') && !text.startsWith('!!!include(') && /^include\b/i.test(text.slice(3).trimStart());
    }),
    what: 'an include in a form the config\'s markdown-it-include was given (its includeRe), which docsbuild does not read (write "!!!include(path)!!!" or "<!--@include: path-->")',
  },
  { find: matchesOf(/^<<<.*$/gm), what: 'a snippet import docsbuild cannot read (write "<<< @/path/file.js" on a line of its own)' },
  // A name's first character, then anything up to "}}": `{{ $page.title }}`, `{{ $t('x') }}`.
  { find: between(/\{\{\s*\$(?!const\.|(?:site\.)?themeConfig\.)[\w$.[\]'"]/g, '}}'), what: 'a Vue expression, which is not evaluated' },
];
/** The cheap test: most pages hold none of these. */
const ANY = /!!!|<<<|@\[|\{\{\s*\$(?!const\.|(?:site\.)?themeConfig\.)/;

/**
 * markdown-it-center-text's centered paragraph (`->Centered<-`, vssue's
 * screenshots), which a VuePress config adds in its code: only a VuePress
 * tree's are reported, text elsewhere may mean the arrows.
 */
const CENTERED: { find: Finder; what: string } = {
  find: linesWhere((line) => line.length >= 4 && line.startsWith('->') && line.endsWith('<-')),
  what: "markdown-it-center-text's centered text, which is not centered (use a \"::: center\" container)",
};

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
  const centered = vuepress && markdown.includes('->');
  if (!vue && !centered && !ANY.test(markdown)) return [];
  const patterns = [...PATTERNS, ...(vue ? [VUE_EXPRESSION] : []), ...(centered ? [CENTERED] : [])];
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
