import type { HeadTagRecord, SiteRecord } from '../../schema/manifest';
import { DocsearchApiKey, type SiteConfig } from '../../schema/site-config';
import { isWebUrl } from '../../shared/urls';
import type { Navigation } from './navigation';

export interface SiteRecordOptions {
  /** The analytics bootstrap's URL path under the base (its name hashes its content: see features/analytics). */
  analyticsScript: string;
  /** DocSearch's key from the environment (config.ts read it), which wins over site.yaml's. */
  docsearchApiKey?: string;
}

/** The site as pages.json and every page's HTML describe it: site.yaml's settings, the navigation, the head tags. */
export function buildSiteRecord(config: SiteConfig, navigation: Navigation, options: SiteRecordOptions): SiteRecord {
  const headTags: HeadTagRecord[] = config.headTags.map((t) => ({ tag: t.tag, attrs: t.attrs, children: t.children }));
  if (config.analytics) {
    const id = config.analytics.id;
    headTags.push(
      { tag: 'script', attrs: { async: true, src: `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}` } },
      { tag: 'script', attrs: { async: true, src: `${config.base}${options.analyticsScript}`, 'data-tag-id': id } },
    );
  }
  if (config.versions) {
    headTags.push({ tag: 'meta', attrs: { name: 'docsearch:version', content: config.versions.current } });
  }
  return {
    title: config.title,
    description: config.description,
    base: config.base,
    host: config.host,
    lang: config.lang,
    headTags,
    nav: navigation.nav,
    sidebar: navigation.sidebar,
    versions: config.versions && {
      current: config.versions.current,
      menu: config.versions.menu.map((v) => ({ text: v.text, link: v.link, external: isWebUrl(v.link), badge: v.badge })),
    },
    search: searchSetting({ provider: config.search.provider, docsearch: config.search.docsearch }, options.docsearchApiKey),
    viewer: config.viewer,
    constants: config.constants,
    iframeOrigins: config.markdown.allowIframeOrigins.length > 0 ? config.markdown.allowIframeOrigins : undefined,
    // Page footer settings (editLink, lastUpdated, footer): what the viewer shows under each page and the site.
    editLink: config.editLink && { pattern: config.editLink.pattern, text: config.editLink.text, ...(config.editLink.optIn ? { optIn: true } : {}) },
    lastUpdated: config.lastUpdated === false ? undefined : { text: config.lastUpdated === true ? 'Last updated' : config.lastUpdated.text },
    footer: config.footer.copyright === undefined ? undefined : { copyright: config.footer.copyright },
  };
}

/**
 * What pages.json says about search, before a local index is named: the
 * setting from site.yaml, with DocSearch's key from the environment when one
 * is given (so a key can stay out of the repository). config.ts validated it.
 */
export function searchSetting(search: SiteRecord['search'], docsearchApiKey: string | undefined): SiteRecord['search'] {
  if (search.provider !== 'docsearch' || !search.docsearch || !docsearchApiKey) return search;
  return { ...search, docsearch: { ...search.docsearch, apiKey: DocsearchApiKey.parse(docsearchApiKey) } };
}
