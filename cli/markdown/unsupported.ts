import type { Root, Text } from 'mdast';
import { SKIP, visit } from 'unist-util-visit';
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic';

/** Directives of VuePress, VitePress and markdown-it plugins that docsbuild does not read, as they stand in text. */
const PATTERNS: readonly { pattern: RegExp; what: string }[] = [
  { pattern: /!!!include\(.*?\)!!!/g, what: 'an include inside a line (write it on a line of its own)' },
  { pattern: /^<<<.*$/gm, what: 'a snippet import docsbuild cannot read (write "<<< @/path/file.js" on a line of its own)' },
  { pattern: /\{\{\s*\$(?!const\.|site\.themeConfig\.)[\w$.[\]'"]+.*?\}\}/g, what: 'a Vue expression, which is not evaluated' },
];
/** The cheap test: most pages hold none of these. */
const ANY = /!!!include\(|<<<|@\[|\{\{\s*\$(?!const\.|site\.themeConfig\.)/;

/**
 * A `markdown/unsupported-syntax` warning for each directive left in the
 * page's text (code, inline code and `::: v-pre` are left alone): it is
 * shown as written, and the writer learns why rather than finding it later.
 */
export function reportUnsupportedSyntax(tree: Root, markdown: string, file: string): Diagnostic[] {
  if (!ANY.test(markdown)) return [];
  const diagnostics: Diagnostic[] = [];
  visit(tree, (node, index, parent) => {
    if (node.type === 'container' && node.kind === 'v-pre') return SKIP;
    // `@[code](./x.js)`, `@[youtube](id)`: remark reads "@" and a link.
    const previous = index !== undefined && index > 0 ? parent?.children[index - 1] : undefined;
    if (node.type === 'link' && previous?.type === 'text' && /(?:^|\s)@$/.test(previous.value)) {
      const label = node.children.map((c) => ('value' in c ? c.value : '')).join('');
      const start = node.position?.start;
      const at = { file, line: start?.line, column: start ? start.column - 1 : undefined };
      diagnostics.push(diagnostic('markdown/unsupported-syntax', at, `"@[${label}](${node.url})" is a markdown-it directive docsbuild does not read; it is shown as a link.`, undefined, `@[${label}]`));
    }
    if (node.type !== 'text') return undefined;
    for (const { pattern, what } of PATTERNS) {
      for (const match of node.value.matchAll(pattern)) diagnostics.push(report(node, match, what, file));
    }
    return undefined;
  });
  return diagnostics;
}

function report(node: Text, match: RegExpMatchArray, what: string, file: string): Diagnostic {
  const before = node.value.slice(0, match.index);
  const newlines = before.split('\n').length - 1;
  const start = node.position?.start;
  const line = (start?.line ?? 1) + newlines;
  const column = newlines > 0 ? before.length - before.lastIndexOf('\n') : (start?.column ?? 1) + before.length;
  const text = match[0].length > 60 ? `${match[0].slice(0, 59)}…` : match[0];
  return diagnostic('markdown/unsupported-syntax', { file, line, column }, `"${text}" is ${what}; it is shown as written.`, undefined, match[0]);
}
