import type { Manifest } from '../../../schema/manifest';
import { ROOT_FILES } from '../../output/layout';
import { absoluteUrlOf, escapeXml } from '../../site/urls';

/** sitemap.xml: every page's absolute URL, sorted; undefined without a `host` setting (a sitemap needs absolute URLs). */
export function sitemap(manifest: Manifest): string | undefined {
  const urls = manifest.pages.map((p) => absoluteUrlOf(manifest.site, p.path));
  if (urls.some((u) => u === undefined)) return undefined;
  const lines = (urls as string[]).sort().map((url) => `  <url><loc>${escapeXml(url)}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...lines, '</urlset>', ''].join('\n');
}

/** robots.txt: allow everything, and name the sitemap when there is one. */
export function robots(manifest: Manifest, hasSitemap: boolean): string {
  const lines = ['User-agent: *', 'Allow: /'];
  const url = absoluteUrlOf(manifest.site, `/${ROOT_FILES.sitemap}`);
  if (hasSitemap && url) {
    lines.push('', `Sitemap: ${url}`);
    if (manifest.site.base !== '/') {
      lines.push('', `# Crawlers read /robots.txt at the root of the host only: there, add the Sitemap line above.`);
    }
  }
  return `${lines.join('\n')}\n`;
}
