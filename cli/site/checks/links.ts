import type { Diagnostic } from '../../diagnostics/diagnostic';
import { diagnostic } from '../../diagnostics/diagnostic';
import { didYouMean } from '../../diagnostics/suggest';
import type { LinkRef } from '../../page/outline';
import { resolveLink } from '../links';
import { findPage, findRedirect, type IndexedPage, type SiteIndex } from '../site-index';

/**
 * A link into a translated folder (`/zh/dev-guide/generator-api.html`) whose
 * page has no translation there, while the same path outside the folder is a
 * page: that page is the likely target. Closest by spelling, the hint named
 * another translation (`/ru/…`), which the writer of a zh page never meant.
 */
function untranslatedHint(tried: string, index: SiteIndex): string | undefined {
  const folder = /^\/[^/]+\//.exec(tried)?.[0];
  if (!folder || !index.pages.has(folder)) return undefined;
  const untranslated = `/${tried.slice(folder.length)}`;
  return findPage(index, untranslated) ? `The page has no version under "${folder}": link to "${untranslated}", or add the page.` : undefined;
}

/** Checks every link of one page against the site; returns one diagnostic per problem. `targets` gets the paths of the pages they lead to. */
export function checkPageLinks(from: IndexedPage, links: readonly LinkRef[], index: SiteIndex, targets?: Set<string>): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const link of links) {
    const at = { file: from.file, line: link.line, column: link.column };
    const target = resolveLink(link.url, from, index);
    if (target.kind === 'missing-file' || (link.kind === 'image' && (target.kind === 'dead' || target.kind === 'page'))) {
      const tried = target.kind === 'missing-file' || target.kind === 'dead' ? target.tried : link.url;
      diagnostics.push(
        diagnostic(
          'link/missing-file',
          at,
          `${link.kind === 'image' ? 'Image' : 'Link'} "${link.url}" points to no file in the content folder.`,
          didYouMean(tried, index.assets.keys(), 'Add the file to the content folder (or content/public/), or fix the path.'),
          link.url,
        ),
      );
      continue;
    }
    if (target.kind === 'dead') {
      diagnostics.push(
        diagnostic(
          'link/dead',
          at,
          `Link "${link.url}" points to no page.`,
          wrappedUrlHint(link.url) ??
            untranslatedHint(target.tried, index) ??
            didYouMean(target.tried, index.pages.keys(), 'Link to an existing page path, such as "/guide/", or a relative .md file.'),
          link.url,
        ),
      );
      continue;
    }
    if (target.kind !== 'page') continue;
    targets?.add(target.page.path);
    if (target.via !== undefined) {
      diagnostics.push(
        diagnostic(
          'link/through-redirect',
          at,
          `Link "${link.url}" goes through the redirect "${target.via}" → "${target.page.path}".`,
          `Link straight to "${target.page.path}${target.hash ? `#${target.hash}` : ''}".`,
          link.url,
        ),
      );
    }
    if (target.hash && !target.page.anchors.has(target.hash)) {
      const where = target.page === from ? 'this page' : target.page.path;
      diagnostics.push(
        diagnostic(
          'link/dead-anchor',
          at,
          `Link "${link.url}" points to "#${target.hash}", which is no heading on ${where}.`,
          anchorHint(target.hash, target.page.anchors, where),
          link.url,
        ),
      );
    }
  }
  return diagnostics;
}

/** "(https://x.org/)" is another site's URL in brackets or quotes, which make it a path in this site: say so. */
function wrappedUrlHint(url: string): string | undefined {
  const inner = /^[(<"'\[]+\s*([a-z][a-z0-9+.-]*:\/\/[^\s)>"'\]]+)/i.exec(url)?.[1];
  return inner && `This is a URL inside brackets or quotes, which make it a path in this site: write the link as [text](${inner}).`;
}

/** Headings listed in a dead anchor's hint: enough to spot the right one, not a whole API page's. */
const ANCHORS_LISTED = 8;

/**
 * A likely meant anchor: a typo's, else one the link's anchor starts with or
 * that starts with it, word by word (a heading whose "(since v2.1)" or badge
 * came off: `#callback-since-v2-1` → `callback`), the longest; then the page's
 * first headings, saying how many more it has.
 */
export function anchorHint(hash: string, anchors: ReadonlySet<string>, where: string): string {
  const listed = [...anchors].slice(0, ANCHORS_LISTED).join(', ');
  const more = anchors.size > ANCHORS_LISTED ? `, and ${anchors.size - ANCHORS_LISTED} more` : '';
  const fallback = `Headings on ${where}: ${listed || 'none'}${more}.`;
  const typo = didYouMean(hash, anchors, fallback);
  if (typo !== fallback) return typo;
  let sharing: string | undefined;
  for (const anchor of anchors) {
    const related = hash.startsWith(`${anchor}-`) || anchor.startsWith(`${hash}-`);
    if (related && (sharing === undefined || anchor.length > sharing.length || (anchor.length === sharing.length && anchor < sharing))) sharing = anchor;
  }
  return sharing === undefined ? fallback : `Did you mean "${sharing}"? ${fallback}`;
}
