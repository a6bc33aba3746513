import { diagnostic, type Diagnostic } from '../../diagnostics/diagnostic';
import { didYouMean } from '../../diagnostics/suggest';
import { neighbourOf } from '../../../schema/frontmatter';
import type { SitePage } from '../pages';
import { findPage, type SiteIndex } from '../site-index';

/** `prev`/`next` in frontmatter are links too: check them at their key's line. */
export function checkFrontmatterLinks({ page, indexed }: SitePage, index: SiteIndex): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const key of ['prev', 'next'] as const) {
    const written = neighbourOf(page.frontmatter[key]);
    const target = written ? written.link : undefined;
    if (target === undefined || findPage(index, target)) continue;
    found.push(
      diagnostic(
        'link/dead',
        { file: indexed.file, ...page.keyPositions[key] },
        `Frontmatter "${key}: ${target}" points to no page.`,
        didYouMean(target, index.pages.keys(), 'Use an existing page path, or false to hide the link.'),
        target,
      ),
    );
  }
  return found;
}
