import type { Root } from 'mdast';
import { visit } from 'unist-util-visit';
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic';
import { trimEndCharacter } from '../support/text-scan';

/**
 * An HTML comment opened and never closed: Markdown reads everything after
 * "<!--" up to the end of the page (or of its list or quote) as the comment,
 * so the rest is silently left out, dead links in it unchecked.
 */
export function reportUnclosedComments(tree: Root, file: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  visit(tree, 'html', (node) => {
    const open = node.value.lastIndexOf('<!--');
    if (open === -1 || node.value.indexOf('-->', open + 4) !== -1) return;
    const before = node.value.slice(0, open);
    const lines = before.split('\n');
    const start = node.position?.start;
    const line = (start?.line ?? 1) + lines.length - 1;
    const column = lines.length === 1 ? (start?.column ?? 1) + open : lines.at(-1)!.length + 1;
    const hidden = trimEndCharacter(node.value.slice(open), '\n').split('\n').length;
    diagnostics.push(
      diagnostic('markdown/unclosed-comment', { file, line, column }, `This HTML comment is never closed, so the ${hidden} line(s) from "<!--" on are left out of the page.`),
    );
  });
  return diagnostics;
}
