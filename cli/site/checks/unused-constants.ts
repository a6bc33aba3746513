import { diagnostic, type Diagnostic, type Place } from '../../diagnostics/diagnostic';
import type { SummarisedPage } from '../../page/types';

/** A constant in site.yaml that no page uses is a leftover, or a typo in the pages that meant it. */
export function checkUnusedConstants(
  constants: Readonly<Record<string, unknown>>,
  pages: readonly Pick<SummarisedPage, 'constantsUsed'>[],
  locate: (name: string) => Place,
): Diagnostic[] {
  const used = new Set(pages.flatMap((p) => p.constantsUsed));
  return Object.keys(constants)
    .filter((name) => !used.has(name))
    .map((name) => diagnostic('constant/unused', locate(name), `Constant "${name}" is never used in a page.`, undefined, name));
}
