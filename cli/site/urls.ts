import { isWebUrl } from '../../shared/urls';
import type { SiteRecord } from '../../schema/manifest';

/**
 * A site path every static host maps to the same file name: plain ASCII
 * segments (`a-z A-Z 0-9 . _ ~ -`), none empty, none starting with a dot.
 * Only such paths get stubs and server rules: anything else (`%`, `?`, `*`,
 * `:`, non-ASCII) means something different in each host's rule syntax.
 * The viewer still resolves those redirects in the browser.
 */
export function isPortablePath(sitePath: string): boolean {
  if (!sitePath.startsWith('/')) return false;
  const segments = sitePath.slice(1).split('/');
  if (segments.at(-1) === '') segments.pop();
  return segments.every((s) => /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/.test(s));
}

/**
 * A redirect target safe to write into any host's config unquoted:
 * printable ASCII without quotes, `$`, `;`, braces or angle brackets.
 */
export function isSafeTarget(target: string): boolean {
  return /^[\x21-\x7e]+$/.test(target) && !/["'`\\$;{}<>]/.test(target);
}

/** `/limits/` → `/docs/limits/` (percent-encoded where needed). */
export function hrefOf(site: Pick<SiteRecord, 'base'>, sitePath: string): string {
  return encodeURI(`${site.base}${sitePath.slice(1)}`);
}

/** `/limits/` → `https://example.com/docs/limits/`; undefined without a `host` setting. */
export function absoluteUrlOf(site: Pick<SiteRecord, 'base' | 'host'>, sitePath: string): string | undefined {
  return site.host === undefined ? undefined : `${site.host}${hrefOf(site, sitePath)}`;
}

/** A redirect target as a URL: a site path under the base, or an external URL as it is. */
export function targetHref(site: Pick<SiteRecord, 'base'>, target: string): string {
  return isWebUrl(target) ? target : hrefOf(site, target);
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}
