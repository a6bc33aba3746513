import { ROOT_FILES, htmlFileOf, markdownFileOf, NOT_FOUND_FILE } from '../../output/layout';
import { OutputNames } from '../../output/names';
import { writePlanned } from '../../output/plan';
import { partOf } from '../../page/types';
import { resolveLink } from '../../site/links';
import type { IndexedPage, SiteIndex } from '../../site/site-index';
import { hashOfJson } from '../../support/hash';
import { openLinkDigests } from '../link-digests';
import type { EmitContext, Feature, FeatureRun } from '../types';
import { fillMarkdownCopy, type CopyTarget, type PreparedCopy } from './copy';
import { llmsTxt } from './llms-txt';
import { PART_NAME as NAME, type CopySummary } from './part';

/** Where the digests of the copies' links are kept between CLI builds (FeatureStates). */
const COPY_LINKS = 'copy-links';

/**
 * Each page as plain Markdown beside its HTML (`/a/` → `a/index.md`), for
 * tools and language models that read docs, and llms.txt, the index of them
 * (llmstxt.org).
 */
export const markdownCopyFeature: Feature = { name: NAME, start, readsEarly: [COPY_LINKS] };

async function start({ model, pages, output, published, stored }: EmitContext): Promise<FeatureRun> {
  // A .md copy never replaces a file of the site (a page's HTML, the viewer, content/public/).
  const names = new OutputNames([...output.names(), NOT_FOUND_FILE, ...pages.map((p) => htmlFileOf(p.page.route.path))]);
  // The copies' links carry the host: it is part of what they were resolved with.
  const linkDigests = await openLinkDigests(stored, COPY_LINKS, model.index, JSON.stringify([model.record.host ?? null]));
  return {
    async page(page) {
      const copyName = markdownFileOf(page.page.route.path);
      if (!names.claim(copyName)) return;
      const urls = partOf<CopySummary>(page.page.rendered?.parts, NAME)?.urls ?? [];
      let links: CopyTarget[] | undefined;
      const linksOf = () => (links ??= copyHrefs(urls, page.indexed, model.index, model.record.host));
      const reuseKey = page.inputKey && `md-from:${hashOfJson([page.inputKey, linkDigests.digestOf(page, linksOf)])}`;
      await writePlanned(output, {
        name: copyName,
        reuseKey,
        make: async () => {
          const copy = partOf<PreparedCopy>((await page.body()).parts, NAME)!;
          const byUrl = new Map(copy.urls.map((url, at) => [url, linksOf()[at]]));
          return fillMarkdownCopy(copy, (url) => byUrl.get(url));
        },
      });
      published.copies.set(page.page.route.path, { name: copyName, reuseKey });
    },
    async finish() {
      await linkDigests.save();
      // Never over a file of the site or of a host (a robots.txt or llms.txt of your own in content/public/ wins).
      if (!OutputNames.isFreeAmong(output.names(), ROOT_FILES.llms)) return;
      await output.put(ROOT_FILES.llms, llmsTxt(published.manifest!, (page) => published.copies.get(page.path)?.name));
    },
  };
}

/**
 * Where each link of a page's `.md` copy leads on the site (undefined: keep
 * it as written, a link to another site; null: nowhere, so it becomes its
 * text), with the host when the site has one: tools that read the copy read
 * it away from the site.
 */
export function copyHrefs(urls: readonly string[], page: IndexedPage, index: SiteIndex, host: string | undefined): CopyTarget[] {
  return urls.map((url) => {
    const target = resolveLink(url, page, index);
    if (target.kind === 'external') return undefined;
    if (target.kind !== 'page' && target.kind !== 'asset') return null;
    // Same-page anchors stay relative; everything else gets the host when there is one.
    return target.href.startsWith('#') || host === undefined ? target.href : `${host}${target.href}`;
  });
}
