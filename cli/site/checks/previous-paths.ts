import { diagnostic, type Diagnostic, type Place } from '../../diagnostics/diagnostic';
import { closest } from '../../diagnostics/suggest';
import { findPage, findRedirect, type SiteIndex } from '../site-index';

/** Every path published before (`--previous`) must still lead somewhere: a page, or a redirect. */
export function checkPreviousPaths(previous: { file: string; paths: string[] }, index: SiteIndex, at: Place): Diagnostic[] {
  return previous.paths
    .filter((p) => !findPage(index, p) && !findRedirect(index.redirects, p))
    .sort()
    .map((p) => {
      const near = closest(p, index.pages.keys());
      return diagnostic(
        'url/removed',
        at,
        `"${p}" was published (in ${previous.file}) but is now no page and no redirect: links to it will break.`,
        near ? `Add a redirect under "redirects:", such as ${p}: ${near}` : 'Add a redirect for it under "redirects:", or restore the page.',
        p,
      );
    });
}
