import { lastSegmentOf, resolveLink } from '../../site/links';
import type { SiteModel } from '../../site/model';
import { beforeAny } from '../../support/text-scan';

/**
 * The output names of the content's files (not public/) that the site
 * refers to: a page's links and images, a page's frontmatter values
 * (a hero image), and site.yaml's values (a head tag's href). Any other
 * file in the content folder stays unpublished: a draft or a stray
 * credentials.txt beside the pages is not the site's.
 */
export function referencedMedia(model: SiteModel): Set<string> {
  const { index } = model;
  const used = new Set<string>();
  const add = (href: string) => used.add(beforeAny(href.slice(index.base.length), '#'));
  // Only a URL that names a file (or ends in what normalizing takes away) is resolved: at 10,000 pages
  // resolving every link of every page was a second of a one-edit build, for a site of few files or none.
  const names = new Set<string>();
  for (const sitePath of index.assets.keys()) names.add(sitePath.slice(sitePath.lastIndexOf('/') + 1));
  const mayBeFile = (url: string) => {
    const last = lastSegmentOf(url);
    return names.has(last) || last === '.' || last === '..';
  };
  for (const { page, indexed } of names.size === 0 ? [] : model.pages) {
    const urls = [...page.links.map((l) => l.url), ...(page.rendered?.linkUrls ?? []), ...stringsIn(page.frontmatter)];
    for (const url of urls) {
      if (!mayBeFile(url)) continue;
      const target = resolveLink(url, indexed, index);
      if (target.kind === 'asset') add(target.href);
    }
  }
  for (const value of stringsIn(model.config)) {
    const sitePath = beforeAny(value, '?#');
    // Written as a site path (`/logo.svg`) or with the base (`/docs/logo.svg`).
    for (const candidate of [sitePath, sitePath.startsWith(index.base) ? `/${sitePath.slice(index.base.length)}` : undefined]) {
      const asset = candidate === undefined ? undefined : index.assets.get(candidate);
      if (asset !== undefined) used.add(asset);
    }
  }
  return used;
}

/** Every string in a plain value (frontmatter, site config), depth first. */
function stringsIn(value: unknown, found: string[] = []): string[] {
  if (typeof value === 'string') found.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, found);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) stringsIn(item, found);
  return found;
}
