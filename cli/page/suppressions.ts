import type { Html } from 'mdast';
import { eachNodeOf } from '../markdown/walk';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { parseSuppression, SUPPRESSION_KEYWORD, SUPPRESSION_OPENER, type Suppression } from '../diagnostics/suppressions';
import { delimited, lineLocator } from '../support/text-scan';
import type { PageTree } from './markdown';

/**
 * The page's inline suppressions: `<!-- docsbuild-ignore CODE reason -->`
 * HTML comments (never text in code blocks, which the parser does not read
 * as HTML), each for the line after it. Comments in a row stack: each is for
 * the first line after the run. Incomplete ones are `suppression/invalid`.
 */
export function findSuppressions(page: PageTree): { suppressions: Suppression[]; diagnostics: Diagnostic[] } {
  const { file } = page.page.source;
  const found: { line: number; column: number; endLine: number; text: string }[] = [];
  eachNodeOf(page.tree, 'html', (node: Html) => {
    if (!node.value.includes(SUPPRESSION_KEYWORD) || !node.position) return;
    const { start } = node.position;
    const locate = lineLocator(node.value);
    for (const comment of delimited(node.value, SUPPRESSION_OPENER, '-->', { sameLine: false })) {
      const at = locate(comment.index);
      const column = at.line === 0 ? start.column + comment.index : at.column + 1;
      found.push({ line: start.line + at.line, column, endLine: start.line + locate(comment.end).line, text: comment.inner });
    }
  });
  found.sort((a, b) => a.line - b.line || a.column - b.column);
  const startLines = new Map(found.map((c, at) => [c.line, at]));
  const targets = new Array<number>(found.length);
  // From the last comment up: one directly followed by another is for what the next one is for.
  for (let at = found.length - 1; at >= 0; at--) {
    const next = startLines.get(found[at]!.endLine + 1);
    targets[at] = next !== undefined && next > at ? targets[next]! : found[at]!.endLine + 1;
  }
  const suppressions: Suppression[] = [];
  const diagnostics: Diagnostic[] = [];
  found.forEach((comment, at) => {
    const parsed = parseSuppression(comment.text, { file, line: comment.line, column: comment.column }, targets[at]!);
    if ('code' in parsed) diagnostics.push(parsed);
    else suppressions.push(parsed);
  });
  return { suppressions, diagnostics };
}
