import type { Manifest } from '../../schema/manifest';
import { isHashedAsset } from '../hosting/cache-policy';
import { netlifyHeaders, netlifyRedirects, nginxSnippet, vercelConfig, type ImmutableAssets } from '../hosting/host-configs';
import { fillMarkdownCopy, markdownFileOf, type PreparedCopy } from '../hosting/markdown-copy';
import { OutputNames } from '../hosting/output-names';
import { redirectRules, type Redirect } from '../hosting/redirect-rules';
import { llmsTxt, robots, sitemap } from '../hosting/site-index-files';
import { REDIRECT_SCRIPT, redirectStub } from '../hosting/stubs';
import { resolveLink } from './links';
import { contentHash } from './manifest';
import type { IndexedPage, SiteIndex } from './site-index';

/** What the `.md` copy of a page needs: the copy prepared by the page stage (links still to resolve), and the page. */
export interface HostingPage {
  copy?: PreparedCopy;
  indexed: IndexedPage;
}

export interface HostingInput {
  manifest: Manifest;
  /** redirects.json's table: chains collapsed, index.html twins included. */
  redirects: readonly Redirect[];
  /** The names in the output so far. Never overwritten: a page, or a file from content/public/ (a robots.txt of your own), wins. */
  taken: readonly string[];
  /** Each page by page path, for the plain `.md` copies. */
  pages: ReadonlyMap<string, HostingPage>;
  /** The site's pages, redirects and files, to turn links in the copies into URLs. */
  index: SiteIndex;
}

/**
 * Static-host outputs from the one redirect table, so redirects work with or
 * without JavaScript and on any host: a stub per redirect source, Netlify and
 * Cloudflare `_redirects` and `_headers`, `vercel.json`, an nginx snippet,
 * then sitemap.xml, robots.txt, llms.txt and a `.md` copy of every page.
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

  const copies = new Map<string, string>();
  for (const record of manifest.pages) {
    const page = input.pages.get(record.path);
    if (!page?.copy) continue;
    const copy = page.copy;
    const resolve = (url: string) => {
      const target = resolveLink(url, page.indexed, input.index);
      if (target.kind !== 'page' && target.kind !== 'asset') return undefined;
      // Same-page anchors stay relative; everything else gets the host when there is one.
      return target.href.startsWith('#') || site.host === undefined ? target.href : `${site.host}${target.href}`;
    };
    const name = markdownFileOf(record.path);
    if (add(name, fillMarkdownCopy(copy, resolve))) copies.set(record.path, name);
  }
  const hasSitemap = add('sitemap.xml', sitemap(manifest));
  add('robots.txt', robots(manifest, hasSitemap));
  add('llms.txt', llmsTxt(manifest, (page) => copies.get(page.path)));
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
