import { diagnostic, type Diagnostic } from '../../diagnostics/diagnostic';
import type { SitePage } from '../pages';

/** Keeps the first page of each path (by file name) and reports the others, at the key that claims the path. */
export function dropDuplicatePaths(pages: readonly SitePage[]): { unique: SitePage[]; diagnostics: Diagnostic[] } {
  const byPath = new Map<string, SitePage>();
  const diagnostics: Diagnostic[] = [];
  for (const page of pages) {
    const first = byPath.get(page.indexed.path);
    if (!first) {
      byPath.set(page.indexed.path, page);
      continue;
    }
    diagnostics.push(
      diagnostic(
        'page/duplicate-path',
        // The permalink key when the page has one (it is what claims the path), else the file's start.
        { file: page.indexed.file, ...page.page.keyPositions.permalink },
        `${page.indexed.relativePath} and ${first.indexed.relativePath} both claim the path ${page.indexed.path}.`,
      ),
    );
  }
  return { unique: [...byPath.values()], diagnostics };
}
