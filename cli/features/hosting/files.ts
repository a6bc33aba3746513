import type { Manifest } from '../../../schema/manifest';
import { isHashedAsset } from '../../output/cache-policy';
import { ASSETS_DIR, hashedAssetName, ROOT_FILES, REDIRECT_SCRIPT_STEM } from '../../output/layout';
import { OutputNames } from '../../output/names';
import type { Redirect } from '../../site/redirects';
import { robots, sitemap } from './crawler-files';
import { netlifyHeaders, netlifyRedirects, nginxSnippet, vercelConfig, type ImmutableAssets } from './host-configs';
import { redirectRules } from './redirect-rules';
import { REDIRECT_SCRIPT, redirectStub } from './stubs';

export interface HostingInput {
  manifest: Manifest;
  /** redirects.json's table: chains collapsed, index.html twins included. */
  redirects: readonly Redirect[];
  /** The names in the output so far. Never overwritten: a page, or a file from content/public/ (a robots.txt of your own), wins. */
  taken: readonly string[];
}

/**
 * Static-host outputs from the one redirect table, so redirects work with or
 * without JavaScript and on any host: a stub per redirect source, Netlify and
 * Cloudflare `_redirects` and `_headers`, `vercel.json`, an nginx snippet,
 * then sitemap.xml and robots.txt.
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
  const script = hashedAssetName(REDIRECT_SCRIPT_STEM, REDIRECT_SCRIPT, 'js');
  if (rules.length > 0) add(script, REDIRECT_SCRIPT);
  for (const rule of rules) {
    const stub = redirectStub(manifest, rule, `${site.base}${script}`);
    add(stub.name, stub.content);
  }

  const assetNames = [...input.taken, ...out.keys()].filter((n) => n.startsWith(`${ASSETS_DIR}/`)).sort();
  const immutable: ImmutableAssets = { all: assetNames.every(isHashedAsset), names: assetNames.filter(isHashedAsset) };
  add(ROOT_FILES.netlifyRedirects, netlifyRedirects(site, rules));
  add(ROOT_FILES.netlifyHeaders, netlifyHeaders(site, immutable));
  add(ROOT_FILES.vercel, vercelConfig(site, rules, immutable));
  add(ROOT_FILES.nginx, nginxSnippet(site, rules));

  const hasSitemap = add(ROOT_FILES.sitemap, sitemap(manifest));
  add(ROOT_FILES.robots, robots(manifest, hasSitemap));
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
