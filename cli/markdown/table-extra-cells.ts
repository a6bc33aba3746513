import type { Root } from 'mdast';
import { visit } from 'unist-util-visit';
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic';

/**
 * A table row with more cells than the header row: GFM drops the cells past
 * the header's, so their text is silently left out. Most often a `|` meant
 * as text (inside code: `` `string | string[]` ``) split a cell in two.
 */
export function reportExtraTableCells(tree: Root, file: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  visit(tree, 'table', (table) => {
    const columns = table.children[0]?.children.length ?? 0;
    for (const row of table.children.slice(1)) {
      const extra = row.children[columns];
      if (!extra) continue;
      const start = extra.position?.start;
      diagnostics.push(
        diagnostic(
          'markdown/table-extra-cells',
          { file, line: start?.line ?? row.position?.start.line, column: start?.column },
          `This table row has ${row.children.length} cells and its header ${columns}: the cells from here on are not shown.`,
        ),
      );
    }
  });
  return diagnostics;
}
