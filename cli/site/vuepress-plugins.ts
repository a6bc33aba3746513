import { isConfigRecord as isRecord } from '../source/vuepress-config';

/** What docsbuild makes of a VuePress config's `plugins`. */
export interface VuepressPlugins {
  /** The container plugin's types, as site.yaml `markdown.containers`. */
  containers: { type: string; title?: string; localeTitles?: Record<string, string> }[];
  /** The Google Analytics plugin's id, as site.yaml `analytics`, when it is one gtag.js still collects for. */
  analytics?: { provider: 'google-tag'; id: string };
  /** The sitemap plugin's `hostname` or the canonical plugin's `baseURL`, as site.yaml `host` (docsbuild writes sitemap.xml and canonical links with it). */
  host?: string;
  /**
   * The redirect plugin's `locales` redirection, when on: its `fallback`
   * locale (tried first), if any. The locales' order is the config's.
   */
  localeRedirect?: { fallback?: string };
  /** Each plugin that does not run, by its name as written and its place in the list, with what docsbuild does instead. */
  notRun: { name: string; index: number; why: string }[];
  /** Every entry's name as written, in order ('' for a plugin written as code): to find each one in the config's text. */
  names: string[];
}

/** Read into site.yaml's terms: the container types, the analytics id; the tabs plugins' syntax is read by the Markdown stage. */
const READ = new Set(['container', 'tabs', 'element-tabs', 'google-analytics', 'sitemap', 'canonical']);
const SEARCH = 'docsbuild builds its own search of every page';
const COPY = 'every code block has a copy button';
/** Plugins seen in VuePress 1 trees, by short name, and what docsbuild does in their place. */
const INSTEAD: Readonly<Record<string, string>> = {
  search: SEARCH,
  flexsearch: SEARCH,
  'fulltext-search': SEARCH,
  'code-copy': COPY,
  'copy-code': COPY,
  'copy-code2': COPY,
  'back-to-top': 'the viewer has no back-to-top button; the "on this page" list stays in view',
  'active-header-links': 'the "on this page" list marks the section in view',
  'medium-zoom': 'images are shown at their size, without zoom',
  nprogress: 'pages load from small chunks, without a progress bar',
  'smooth-scroll': 'the viewer scrolls as the reader\'s browser settings say',
  pwa: 'docsbuild makes no service worker; the host\'s cache rules (_headers, vercel.json) keep files cached',
  'last-updated': 'themeConfig.lastUpdated (site.yaml lastUpdated) gives each page its last git commit date',
  robots: 'docsbuild writes robots.txt, naming sitemap.xml when site.yaml has a host',
  seo: 'docsbuild writes each page\'s title, description and canonical link; other meta tags (Open Graph) go in site.yaml headTags',
  'clean-urls': 'pages keep their .html URLs, and the viewer opens each page at its path without .html too',
  mermaidjs: '```mermaid blocks are shown as code, not drawn',
  mermaid: '```mermaid blocks are shown as code, not drawn',
  typedoc: 'the API pages it generates are not made: generate them into the content folder before the build (typedoc with typedoc-plugin-markdown)',
  redirect: 'write the redirects in site.yaml `redirects` (they become redirects.json, _redirects and redirect pages)',
  // With .vuepress/redirects, whose lines docsbuild reads, it is not reported; without, it made no redirects in VuePress either.
  'html-redirect': 'it makes the redirects of .vuepress/redirects, and the tree has no such file',
};

/**
 * A plugin's short name, as VuePress 1 resolves it: `tabs`,
 * `vuepress-plugin-tabs`, `@vuepress/tabs`, `@vuepress/plugin-tabs` and
 * `@someone/vuepress-plugin-tabs` are one plugin.
 */
export function pluginShortName(name: string): string {
  return name.replace(/^@vuepress\/(?:plugin-)?/, '').replace(/^(?:@[^/]+\/)?vuepress-plugin-/, '');
}

/**
 * What docsbuild makes of each plugin. `redirectsRead`: the tree's
 * `.vuepress/redirects` is read as site.yaml `redirects`, which is the
 * html-redirect plugin's whole job.
 */
export function readVuepressPlugins(plugins: unknown, { redirectsRead = false }: { redirectsRead?: boolean } = {}): VuepressPlugins {
  const entries = pluginEntries(plugins);
  const result: VuepressPlugins = { containers: [], notRun: [], names: entries.map(([name]) => (typeof name === 'string' ? name : '')) };
  const found = new Map<string, { title: string; localeTitles?: Record<string, string> }>();
  for (const [index, [name, options]] of entries.entries()) {
    const notRun = (why: string) => result.notRun.push({ name: typeof name === 'string' ? name : '', index, why });
    if (typeof name !== 'string') {
      notRun('a plugin written as code does not run in docsbuild');
      continue;
    }
    const short = pluginShortName(name);
    if (short === 'container') {
      const type = isRecord(options) ? options.type : undefined;
      if (typeof type !== 'string' || !/^[A-Za-z][\w-]*$/.test(type)) notRun('its "type" is not a word docsbuild can read as a container type');
      // An empty defaultTitle is a box without a title, as the plugin draws it; none is the type in capitals, the plugin's default.
      else if (!found.has(type)) found.set(type, defaultTitlesOf(isRecord(options) ? options.defaultTitle : undefined, type.toUpperCase()));
    } else if (short === 'google-analytics') {
      const id = isRecord(options) && typeof options.ga === 'string' ? options.ga : undefined;
      // gtag.js takes G- ids; Universal Analytics (UA-) ids stopped collecting data in July 2024.
      if (id !== undefined && /^G-[A-Z0-9]{4,20}$/.test(id)) result.analytics = { provider: 'google-tag', id };
      else notRun(`${id ?? 'its id'} is no Google Analytics 4 id (G-…), so no analytics tag is made; set site.yaml analytics: { provider: google-tag, id: G-… }`);
    } else if (short === 'sitemap' || short === 'canonical') {
      // The sitemap plugin's hostname, the canonical plugin's baseURL: both the site's origin, site.yaml `host`.
      const host = hostOf(isRecord(options) ? (short === 'sitemap' ? options.hostname : options.baseURL) : undefined);
      if (host !== undefined) result.host = host;
      else if (short === 'sitemap') notRun('its "hostname" is no scheme and host such as https://example.com, so no sitemap.xml is made; set site.yaml host: https://…');
      else notRun('its "baseURL" is no scheme and host such as https://example.com, so no canonical links are written; set site.yaml host: https://…');
    } else if (short === 'redirect' && isRecord(options) && options.locales) {
      // Its locales redirection becomes site.yaml localeFallback; custom redirectors are code, and do not run.
      const fallback = isRecord(options.locales) && typeof options.locales.fallback === 'string' ? options.locales.fallback : undefined;
      result.localeRedirect = fallback === undefined ? {} : { fallback };
      if (Array.isArray(options.redirectors) && options.redirectors.length > 0) notRun('its "redirectors" are code and do not run; its "locales" redirection is read (site.yaml localeFallback), write other redirects in site.yaml `redirects`');
    } else if (!READ.has(short) && !(short === 'html-redirect' && redirectsRead)) {
      notRun(INSTEAD[short] ?? 'VuePress plugins do not run in docsbuild');
    }
  }
  result.containers = [...found].map(([type, titles]) => ({ type, ...titles }));
  return result;
}

/**
 * The sitemap plugin's hostname as site.yaml's `host`: a scheme and host,
 * its trailing "/" dropped. One with a path is not taken: VuePress puts
 * `base` after it, docsbuild's `host` is the origin only.
 */
function hostOf(hostname: unknown): string | undefined {
  if (typeof hostname !== 'string') return undefined;
  const match = /^(https?:\/\/[^/\s?#]+)\/?$/.exec(hostname.trim());
  return match?.[1];
}

/** `['name', options]`, `'name'` and `{ name: options }` entries alike. */
function pluginEntries(plugins: unknown): [unknown, unknown][] {
  if (Array.isArray(plugins)) return plugins.map((entry): [unknown, unknown] => (Array.isArray(entry) ? [entry[0], entry[1]] : [entry, undefined]));
  return isRecord(plugins) ? Object.entries(plugins) : [];
}

/**
 * A container plugin's `defaultTitle`: a string, or by locale path
 * (`{ '/': 'NOTE', '/zh/': '注' }`): the root's, and each other locale's on
 * the pages under its folder, as the plugin picks by the page's path.
 * Without one for the root, the type in capitals (the plugin's default).
 */
function defaultTitlesOf(value: unknown, fallback: string): { title: string; localeTitles?: Record<string, string> } {
  if (typeof value === 'string') return { title: value };
  if (!isRecord(value)) return { title: fallback };
  const title = typeof value['/'] === 'string' ? value['/'] : fallback;
  const localeTitles = Object.fromEntries(Object.entries(value).filter(([folder, text]) => folder !== '/' && /^\/[^/].*\/$/.test(folder) && typeof text === 'string'));
  return Object.keys(localeTitles).length === 0 ? { title } : { title, localeTitles: localeTitles as Record<string, string> };
}
