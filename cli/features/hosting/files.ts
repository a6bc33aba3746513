import type { Manifest } from '../../../schema/manifest';
import { isHashedAsset } from '../../output/cache-policy';
import { netlifyHeaders, netlifyRedirects, nginxSnippet, vercelConfig, type ImmutableAssets } from './host-configs';
import { fillMarkdownCopy, markdownFileOf, type PreparedCopy } from '../markdown-copy/copy';
import { OutputNames } from '../../output/names';
import { redirectRules, type Redirect } from './redirect-rules';
import { llmsTxt, robots, sitemap } from './site-index-files';
import { REDIRECT_SCRIPT, redirectStub } from './stubs';
import { resolveLink } from '../../site/links';
import { contentHash } from '../../output/layout';
import type { IndexedPage, SiteIndex } from '../../site/site-index';


export interface HostingInput {
  manifest: Manifest;
  /** redirects.json's table: chains collapsed, index.html twins included. */
  redirects: readonly Redirect[];
  /** The names in the output so far. Never overwritten: a page, or a file from content/public/ (a robots.txt of your own), wins. */
  taken: readonly string[];
  /** The `.md` copy written for each page (by page path), written with the pages (markdownCopyFile): llms.txt lists them. */
  copies: ReadonlyMap<string, string>;
}

/**
 * Static-host outputs from the one redirect table, so redirects work with or
 * without JavaScript and on any host: a stub per redirect source, Netlify and
 * Cloudflare `_redirects` and `_headers`, `vercel.json`, an nginx snippet,
 * then sitemap.xml, robots.txt and llms.txt.
 * Pure: output names come from validated page paths and portable redirect
 * sources only.
 */
export function hostingFiles(input: HostingInput): Map<string, string> {
  const { manifest } = input;
  const { site } = manifest;
  const taken = new OutputNames(input.taken);
  const out = new Map<string, string>();
  const add = (name: string, content: string | undefined) => {
    if (content !== undefined && taken.claim(name)) out.set(name, content);
    return out.has(name);
  };

  const rules = redirectRules(manifest, input.redirects);
  const script = `assets/redirect.${contentHash(REDIRECT_SCRIPT)}.js`;
  if (rules.length > 0) add(script, REDIRECT_SCRIPT);
  for (const rule of rules) {
    const stub = redirectStub(manifest, rule, `${site.base}${script}`);
    add(stub.name, stub.content);
  }

  const assetNames = [...input.taken, ...out.keys()].filter((n) => n.startsWith('assets/')).sort();
  const immutable: ImmutableAssets = { all: assetNames.every(isHashedAsset), names: assetNames.filter(isHashedAsset) };
  add('_redirects', netlifyRedirects(site, rules));
  add('_headers', netlifyHeaders(site, immutable));
  add('vercel.json', vercelConfig(site, rules, immutable));
  add('nginx.conf', nginxSnippet(site, rules));

  const hasSitemap = add('sitemap.xml', sitemap(manifest));
  add('robots.txt', robots(manifest, hasSitemap));
  add('llms.txt', llmsTxt(manifest, (page) => input.copies.get(page.path)));
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * Where each link of a page's `.md` copy leads on the site (undefined: keep
 * it as written), with the host when the site has one: tools that read the
 * copy read it away from the site.
 */
export function copyHrefs(urls: readonly string[], page: IndexedPage, index: SiteIndex, host: string | undefined): (string | undefined)[] {
  return urls.map((url) => {
    const target = resolveLink(url, page, index);
    if (target.kind !== 'page' && target.kind !== 'asset') return undefined;
    // Same-page anchors stay relative; everything else gets the host when there is one.
    return target.href.startsWith('#') || host === undefined ? target.href : `${host}${target.href}`;
  });
}

/** A page's plain `.md` copy, beside its HTML (`/a/` → `a/index.md`), its links filled in from copyHrefs. */
export function markdownCopyFile(copy: PreparedCopy, page: IndexedPage, hrefs: readonly (string | undefined)[]): { name: string; content: string } {
  const byUrl = new Map(copy.urls.map((url, at) => [url, hrefs[at]]));
  return { name: markdownFileOf(page.path), content: fillMarkdownCopy(copy, (url) => byUrl.get(url)) };
}
