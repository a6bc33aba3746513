import type { Manifest } from '../../../schema/manifest';
import { pathVariants } from '../../../shared/paths';
import type { Redirect } from '../../site/redirects';
import { isPortablePath, isSafeTarget } from '../../site/urls';


/** One redirect as hosts see it: the source's spellings that must answer with the target. */
export interface RedirectRule {
  /** The source as written in site.yaml, a site path. */
  from: string;
  /** A page path, or an external URL when the build allows them. */
  to: string;
  /** Site paths to answer: the source, and `/a` ↔ `/a/` where that spelling is nobody else's. */
  spellings: string[];
}

/**
 * The redirects that need a stub and a server rule. The `/x/index.html`
 * twins need neither: that file is the page itself, its canonical link names
 * `/x/`, and the viewer shows `/x/` in the address bar. Paths that are not
 * portable (see isPortablePath) and targets unsafe in a config are left to
 * the viewer, which resolves every redirect in the browser.
 */
export function redirectRules(manifest: Manifest, redirects: readonly Redirect[]): RedirectRule[] {
  const pagePaths = new Set(manifest.pages.map((p) => p.path));
  const twins = new Set([...pagePaths].filter((p) => p.endsWith('/')).map((p) => `${p}index.html`));
  // Spellings that already mean something: pages (in every spelling) and every redirect source.
  const claimed = new Set<string>(redirects.map((r) => r.from));
  for (const page of pagePaths) for (const variant of pathVariants(page)) claimed.add(variant);

  const rules: RedirectRule[] = [];
  for (const { from, to } of redirects) {
    if (twins.has(from) && to === from.slice(0, -'index.html'.length)) continue;
    if (!isPortablePath(from) || !isSafeTarget(to)) continue;
    const other = otherSpelling(from);
    const spellings = other !== undefined && !claimed.has(other) ? [from, other] : [from];
    rules.push({ from, to, spellings });
  }
  return rules.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
}

/** `/a` ↔ `/a/`: static hosts serve `a/index.html` for both. `/a.html` has no other spelling. */
function otherSpelling(from: string): string | undefined {
  if (from === '/' || from.endsWith('.html')) return undefined;
  return from.endsWith('/') ? from.slice(0, -1) : `${from}/`;
}
