import { isWebUrl } from '../../shared/urls';
import path from 'node:path';
import type { SiteConfigInput, SidebarEntryInput } from '../../schema/site-config';
import { diagnostic, type Diagnostic, type Place } from '../diagnostics/diagnostic';
import type { VuepressFolder } from '../source/load';
import { isCode, isConfigRecord as isRecord, type StandIn } from '../source/vuepress-config';
import { checkSiteConfig, type ParsedSiteConfig } from './site-config';
import { readVuepressAliases } from './vuepress-aliases';
import { readVuepressPlugins } from './vuepress-plugins';
import { readVuepressRedirects } from './vuepress-redirects';
import { escapeRegExp } from '../support/regexp';
import { isInCode, nonCodeSpans, type Span } from '../support/script-text';
import { trimCharacter } from '../support/text-scan';

/** A VuePress 1 config (what `.vuepress/config.js` exports, as data) and where it came from. */
export interface VuepressConfigSource {
  value: unknown;
  /** The config's source text, to place diagnostics at a key's line. */
  text: string;
  /** Diagnostic path of the config file. */
  file: string;
  /** VuePress runs in the content folder (cli/source/vuepress-run-folder.ts), not the folder above it. */
  runsInContentFolder?: boolean;
  /** The tree's `.vuepress/redirects` is read (vuepressSiteOf): the html-redirect plugin's job is done. */
  redirectsRead?: boolean;
  /** The content folder's absolute path: where the config's webpack aliases lead is told from it. */
  contentDir?: string;
}

export interface VuepressSite {
  /** What site.yaml would say, ready for SiteConfigSchema. */
  input: SiteConfigInput;
  /** Each site.yaml key's place in the VuePress config (by the key it came from). */
  locate: (path: readonly PropertyKey[], key?: string) => Place;
  /** A warning for each setting the build does not honour. */
  diagnostics: Diagnostic[];
}

/** The site's title when a VuePress config gives none (VuePress then shows page titles alone). */
export const VUEPRESS_DEFAULT_TITLE = 'Documentation';

/** Where each site.yaml key comes from in a VuePress config: diagnostics about it point there. */
const ORIGIN: Record<string, string[]> = {
  title: ['title'],
  description: ['description'],
  base: ['base'],
  headTags: ['head'],
  nav: ['themeConfig', 'nav'],
  sidebar: ['themeConfig', 'sidebar'],
  search: ['themeConfig', 'algolia'],
  editLink: ['themeConfig', 'editLinks'],
  lastUpdated: ['themeConfig', 'lastUpdated'],
  constants: ['themeConfig'],
  markdown: ['markdown'],
};

/** Top-level keys read; every other one is reported as not honoured. */
const READ_KEYS = new Set(['title', 'description', 'base', 'head', 'themeConfig', 'markdown', 'plugins']);
/** Default-theme keys read (scalars besides these become constants for `{{ $site.themeConfig.X }}`). */
const THEME_KEYS = new Set(['nav', 'sidebar', 'algolia', 'repo', 'docsRepo', 'docsDir', 'docsBranch', 'editLinks', 'editLinkText', 'lastUpdated', 'repoLabel', 'sidebarDepth']);
/** Default-theme keys whose job docsbuild's viewer does its own way: accepted without a word. */
const THEME_KEYS_SILENT = new Set(['locales', 'label', 'selectText', 'ariaLabel', 'displayAllHeaders', 'activeHeaderLinks', 'smoothScroll', 'search', 'searchMaxSuggestions', 'nextLinks', 'prevLinks', 'searchPlaceholder']);
const HEAD_TAGS = new Set(['meta', 'link', 'script', 'style', 'noscript', 'base']);
const WHY: Record<string, string> = {
  dest: 'the output folder is docsbuild\'s --out flag (or "out" in docsbuild.config.json)',
  theme: 'docsbuild has one viewer; a custom theme does not run',
  chainWebpack: 'docsbuild does not use webpack',
  // It reads the syntax of some of them itself: one such plugin in the config is no sign its pages will show as written.
  extendMarkdown:
    "markdown-it plugins do not run in docsbuild; it reads the syntax of the common ones itself (markdown-it-include's !!!include(…)!!!, containers, emoji, [[toc]]: README.md#markdown-from-vuepress-and-vitepress lists them)",
  extendPageData: 'code in the config does not run per page',
};

/**
 * Turns a VuePress 1 config into the site.yaml it amounts to: title,
 * description, base, head, nav (dropdowns too), the sidebar in its forms,
 * Algolia DocSearch, the edit link, last updated, extractHeaders and plain
 * slugify/anchor values. Whatever it cannot honour (plugins, theme,
 * locales, code) gets one warning at its line in the config.
 */
export function siteFromVuepress(source: VuepressConfigSource, fallbackTitle: string): VuepressSite {
  const { file, text } = source;
  const diagnostics: Diagnostic[] = [];
  const at = (keys: readonly string[]): Place => ({ file, ...positionOfKey(text, keys) });
  const differs = (keys: string[], message: string) =>
    diagnostics.push(diagnostic('vuepress/unsupported', at(keys), message, undefined, keys.join('.')));
  const ignored = (keys: string[], why: string) => differs(keys, `VuePress config "${keys.join('.')}" is not used: ${why}.`);
  const config = isRecord(source.value) ? source.value : {};
  if (!isRecord(source.value)) {
    // A VuePress 2 config exports what defineUserConfig() returns: without VuePress 2 installed, a stand-in's result.
    const vuepress2 = text.includes('defineUserConfig') ? ': it is a VuePress 2 config (defineUserConfig), and docsbuild reads VuePress 1 configs' : '';
    differs([], `The VuePress config exports no object of settings${vuepress2}; its title, nav and sidebar are not read (write site.yaml instead).`);
  }
  const markdownIn = isRecord(config.markdown) ? config.markdown : {};
  // The root locale's settings are the site's (VuePress's default language); other locales' pages are pages of this site.
  const locales = isRecord(config.locales) ? config.locales : {};
  const themeIn = isRecord(config.themeConfig) ? config.themeConfig : {};
  const themeLocales = isRecord(themeIn.locales) ? themeIn.locales : {};
  const otherLocales = Object.keys({ ...locales, ...themeLocales }).filter((prefix) => prefix !== '/').sort();
  // Without a root locale (every page under a locale's folder, as Sanic's /en/ and /zh/), the first one listed stands in
  // for the site's title and nav; its sidebar stays its own group, as every other locale's.
  const lead = Object.hasOwn(locales, '/') || Object.hasOwn(themeLocales, '/') ? '/' : (Object.keys(locales).find((p) => p !== '/') ?? Object.keys(themeLocales).find((p) => p !== '/') ?? '/');
  const rootLocale = isRecord(locales[lead]) ? locales[lead] : {};
  const { sidebar: _leadSidebar, ...leadTheme } = isRecord(themeLocales[lead]) ? themeLocales[lead] : {};
  const theme = { ...themeIn, ...(lead === '/' && isRecord(themeLocales['/']) ? themeLocales['/'] : leadTheme) };
  const whose = lead === '/' ? "the root locale's" : `the first locale's (${lead})`;

  let webpackAliases: Record<string, string> | undefined;
  for (const key of Object.keys(config).sort()) {
    if (key === 'locales') {
      if (otherLocales.length > 0) differs([key], `VuePress config "locales": docsbuild builds one site; the pages under ${otherLocales.join(', ')} are pages of this site in their locale's language, with ${whose} title and nav, a language menu in the nav leading to each locale's home page, and each locale's sidebar a group of the one sidebar.`);
    } else if (key === 'configureWebpack') {
      const { aliases, unused } = readVuepressAliases(config[key], source.contentDir);
      if (Object.keys(aliases).length > 0) webpackAliases = aliases;
      if (unused.length === 0) continue;
      if (webpackAliases) differs([key], `VuePress config "${key}" is read in part: its other resolve.alias folders become site.yaml aliases, but ${unused.join('; ')}.`);
      else ignored([key], unused.join('; '));
    } else if (!READ_KEYS.has(key)) ignored([key], WHY[key] ?? 'docsbuild has no such setting');
  }
  const siteTitle = stringOr(config.title, stringOr(rootLocale.title, fallbackTitle));
  const input: Record<string, unknown> = { title: siteTitle };
  const description = config.description ?? rootLocale.description;
  if (typeof description === 'string') input.description = description;
  if (typeof rootLocale.lang === 'string' && rootLocale.lang !== '') input.lang = rootLocale.lang;
  // Each other locale's lang is its pages' language (<html lang>), for screen readers and search engines.
  // And its description is its home pages' tagline, as VuePress's $description.
  const localeLangs = otherLocales.flatMap((prefix) => {
    const locale = isRecord(locales[prefix]) ? locales[prefix] : {};
    const { lang, description } = locale;
    if (typeof lang !== 'string' || lang === '' || !prefix.startsWith('/') || !prefix.endsWith('/')) return [];
    return [[prefix, typeof description === 'string' ? { lang, description } : { lang }] as const];
  });
  if (localeLangs.length > 0) input.locales = Object.fromEntries(localeLangs);
  if (typeof config.base === 'string') input.base = config.base;
  if (Array.isArray(config.head)) input.headTags = headTags(config.head, typeof config.base === 'string' ? config.base : '/', ignored);

  const markdown: Record<string, unknown> = { slugify: 'vuepress' };
  for (const [key, value] of Object.entries(markdownIn).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (key === 'extractHeaders' && Array.isArray(value)) {
      const levels = value.map((tag) => Number(String(tag).replace(/^h/i, '')));
      // The page's `#` heading is its title, above its headers: an `h1` in the list (uni-app's docs) is passed over, not a config error.
      if (levels.includes(1)) ignored(['markdown', key], "an h1 is the page's title, which docsbuild shows above the page's headers, not among them");
      const headers = levels.filter((level) => level !== 1);
      if (headers.length > 0) markdown.headers = headers;
    }
    // VuePress's lineNumbers numbers every code block, as site.yaml's does.
    else if (key === 'lineNumbers' && typeof value === 'boolean') markdown.lineNumbers = value;
    else if (key === 'slugify' && isCode(value)) ignored(['markdown', key], 'a slugify function does not run; VuePress 1\'s own rule is used');
    else if (key === 'anchor' && isRecord(value) && Object.values(value).every((v) => !isCode(v))) continue;
    else ignored(['markdown', key], WHY[key] ?? 'docsbuild renders Markdown its own way');
  }
  const plugins = readVuepressPlugins(config.plugins, { redirectsRead: source.redirectsRead });
  if (plugins.containers.length > 0) markdown.containers = plugins.containers;
  if (plugins.analytics) input.analytics = plugins.analytics;
  if (plugins.host) input.host = plugins.host;
  // VuePress's own alias of the content folder (its webpack config's `@source`), then the config's, which win as webpack-merge has them.
  input.aliases = { '@source': '/', ...webpackAliases };
  if (plugins.localeRedirect) {
    // The plugin tries its fallback, then the config's locales in order ('/' is every path as it is).
    const { fallback } = plugins.localeRedirect;
    const folders = [...(fallback === undefined ? [] : [`/${fallback.split('/').filter((part) => part !== '').join('/')}/`]), ...Object.keys(locales)].filter((folder) => /^\/[^/].*\/$/.test(folder) && !folder.startsWith('//'));
    if (folders.length > 0) input.localeFallback = [...new Set(folders)];
  }
  // Each entry's name is looked for after the one before it, so a plugin listed twice is placed at its own line.
  const pluginsAt = positionOfKey(text, ['plugins']);
  let from = pluginsAt.offset ?? 0;
  const placeOfEntry = plugins.names.map((name) => {
    const found = name === '' ? undefined : positionOfQuoted(text, name, from);
    if (found) from = found.offset + name.length;
    return found ?? pluginsAt;
  });
  for (const { name, index, why } of plugins.notRun) {
    const place = placeOfEntry[index]!;
    diagnostics.push(diagnostic('vuepress/unsupported', { file, line: place.line, column: place.column }, `VuePress plugin ${name === '' ? 'entry' : `"${name}"`} is not used: ${why}.`, undefined, ['plugins', name].join('.')));
  }
  const runFolder = vuepressRunFolder(file, source.runsInContentFolder === true);
  if (runFolder !== undefined) markdown.importRoot = runFolder;
  input.markdown = markdown;

  if (theme.nav !== undefined) {
    // A flattened group's warning at its own line: its title is looked for after the nav's key, each after the one before.
    let from = positionOfKey(text, ['themeConfig', 'nav']).offset ?? 0;
    const untitled = (group: string, inner: string) => {
      const found = positionOfQuoted(text, inner, from);
      if (found) from = found.offset + inner.length;
      const place = found ? { file, line: found.line, column: found.column } : at(['themeConfig', 'nav']);
      const message = `VuePress config "themeConfig.nav": the group "${group}" holds a group of its own, "${inner}", which VuePress 1 shows as a link to nowhere: its links are shown in "${group}" without the title "${inner}".`;
      diagnostics.push(diagnostic('vuepress/unsupported', place, message, undefined, `themeConfig.nav.${inner}`));
    };
    input.nav = navItems(theme.nav, (what) => differs(['themeConfig', 'nav'], `VuePress config "themeConfig.nav": ${what}, so it is left out of the nav.`), untitled);
  }
  const languages = languageMenu(locales, themeLocales, stringOr(theme.selectText, 'Languages'));
  if (languages) input.nav = [...((input.nav as unknown[] | undefined) ?? []), languages];
  const titles = navTitles([theme.nav, ...otherLocales.map((prefix) => (isRecord(themeLocales[prefix]) ? themeLocales[prefix].nav : undefined))]);
  let toldByPath = false;
  const onByPath = () => {
    if (!toldByPath) differs(['themeConfig', 'sidebar'], 'VuePress config "themeConfig.sidebar" gives each path its own sidebar; docsbuild shows one sidebar on every page, with a group for each path.');
    toldByPath = true;
  };
  const sidebar = theme.sidebar;
  if (sidebar === 'auto') {
    differs(['themeConfig', 'sidebar'], 'VuePress config "themeConfig.sidebar: auto" gives every page its own headers as its sidebar; docsbuild does that for the pages whose frontmatter says "sidebar: auto".');
  } else if (sidebar !== undefined && sidebar !== false && !Array.isArray(sidebar) && !isRecord(sidebar)) {
    // A theme's own value (vuepress-theme-vdoing's 'structuring' makes the sidebar of the folders): nothing docsbuild can read.
    ignored(['themeConfig', 'sidebar'], `${JSON.stringify(sidebar)} is no sidebar docsbuild can read (a list of pages, or lists by path); the site has no sidebar: write one in site.yaml`);
  }
  // Each other locale's sidebar becomes a group of the one sidebar, titled with the locale's label and closed
  // unless it holds the reader's page: every page stays in the sidebar, and a reader sees their language open.
  const localeGroups = otherLocales.flatMap((prefix): SidebarEntryInput[] => {
    const locale = isRecord(themeLocales[prefix]) ? themeLocales[prefix] : {};
    const children = sidebarEntries(locale.sidebar, titles, siteTitle, onByPath);
    return children.length === 0 ? [] : [{ title: stringOr(locale.label, titles.get(prefix) ?? prefix), children, collapsed: true }];
  });
  if ((sidebar !== undefined && sidebar !== false && sidebar !== 'auto') || localeGroups.length > 0) {
    input.sidebar = [...sidebarEntries(sidebar, titles, siteTitle, onByPath), ...localeGroups];
  }
  if (isSidebarDepth(theme.sidebarDepth)) input.sidebarDepth = theme.sidebarDepth;
  else if (theme.sidebarDepth !== undefined) ignored(['themeConfig', 'sidebarDepth'], 'it must be a whole number from 0 to 6');
  // VuePress's default theme takes Algolia only with an apiKey and an indexName (isAlgoliaSearch), else shows its own search box.
  if (isRecord(theme.algolia) && !(isFilled(theme.algolia.apiKey) && isFilled(theme.algolia.indexName))) {
    ignored(['themeConfig', 'algolia'], 'it has no apiKey and indexName, with which VuePress would use DocSearch; the site has the local search, as VuePress shows its own search box');
  } else if (isRecord(theme.algolia)) {
    const { appId, apiKey, indexName, algoliaOptions } = theme.algolia;
    const facetFilters = isRecord(algoliaOptions) && Array.isArray(algoliaOptions.facetFilters) ? { facetFilters: algoliaOptions.facetFilters } : {};
    input.search = { provider: 'docsearch', docsearch: { appId: appId ?? 'BH4D9OD16A', apiKey, indexName, ...facetFilters } };
  }
  const edit = editLinkOf(theme);
  if (edit) input.editLink = edit;
  else if (theme.editLinks === true) ignored(['themeConfig', 'editLinks'], 'the edit link needs "repo" or "docsRepo": owner/name on GitHub, or the http(s) URL of the repository on GitLab, Bitbucket or another host');
  if (theme.lastUpdated === true) input.lastUpdated = true;
  else if (typeof theme.lastUpdated === 'string' && theme.lastUpdated !== '') input.lastUpdated = { text: theme.lastUpdated };

  // VuePress never checked anchors, so a tree that built there may link to a few headings that are gone: reported, as warnings.
  // A container type VuePress did not know built there too (as text, or as a box its theme or a plugin drew:
  // reco's `::: theorem`, demo-block's `::: demo`): reported as warnings, drawn as a box under its own word.
  input.rules = { 'link/dead-anchor': 'warning', 'markdown/unknown-container': 'warning' };

  const constants: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(theme).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (THEME_KEYS.has(key) || THEME_KEYS_SILENT.has(key)) continue;
    // The default theme's navbar logo: site.yaml has none. A string one stays a constant too, for a page that shows it.
    if (key === 'logo') differs(['themeConfig', key], 'VuePress config "themeConfig.logo" is not shown: docsbuild\'s top bar shows the site\'s title without a logo.');
    if ((typeof value === 'string' || typeof value === 'number') && /^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) constants[key] = value;
    else if (key !== 'logo') ignored(['themeConfig', key], 'the default theme setting has no counterpart in docsbuild');
  }
  if (Object.keys(constants).length > 0) input.constants = constants;

  const locate = (path: readonly PropertyKey[], key?: string): Place => {
    const origin = ORIGIN[String(path[0])] ?? [];
    const { offset, line, column } = positionOfKey(text, key !== undefined && path[0] === 'constants' ? [...origin, key] : origin);
    // An entry of the nav or sidebar (a dead link, say): where its value is written after the key, as far as the text shows it.
    const value = path.length > 1 ? valueAt(input, path) : undefined;
    if (typeof value === 'string' && offset !== undefined) {
      for (const written of writtenForms(value)) {
        const found = positionOfQuoted(text, written, offset);
        if (found) return { file, line: found.line, column: found.column };
      }
    }
    return { file, line, column };
  };
  return { input: input as SiteConfigInput, locate, diagnostics };
}

/** The value at a path of the site.yaml input made of the config. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) value = isRecord(value) || Array.isArray(value) ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value;
}

/**
 * How a nav or sidebar path may be written in the config: as it is, without
 * its leading "/", or its last segments alone (VuePress's sidebar groups
 * name their pages after the group's prefix: `'/guide/': ['', 'setup']`).
 */
function writtenForms(value: string): string[] {
  const forms = [value];
  const parts = value.replace(/^\//, '').split('/');
  for (let i = 0; i < parts.length; i++) {
    const form = parts.slice(i).join('/');
    if (form !== '' && !forms.includes(form)) forms.push(form);
  }
  return forms;
}

/**
 * The config's `head` as site.yaml headTags. site.yaml's are written with the
 * base, so a `src` or `href` that starts with one `/` gets it here, as
 * VuePress's App.normalizeHeadTagUrls() gives it (`/favicon.png` under
 * `/sub/` is `/sub/favicon.png`, where the public folder's file is published).
 */
function headTags(head: unknown[], base: string, ignored: (keys: string[], why: string) => void): unknown[] {
  const tags: unknown[] = [];
  for (const entry of head) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'string') continue;
    const [tag, attrs, children] = entry as [string, unknown, unknown];
    if (!HEAD_TAGS.has(tag)) {
      ignored(['head'], `<${tag}> is not a tag docsbuild puts in the head`);
      continue;
    }
    tags.push({ tag, attrs: isRecord(attrs) ? withBase(attrs, base) : {}, ...(typeof children === 'string' ? { children } : {}) });
  }
  return tags;
}

/** A head tag's attributes with the base before each site-absolute `src` and `href` (not a protocol-relative `//host/…`). */
function withBase(attrs: Record<string, unknown>, base: string): Record<string, unknown> {
  const isSitePath = (value: unknown): value is string => typeof value === 'string' && value.startsWith('/') && !value.startsWith('//');
  return Object.fromEntries(Object.entries(attrs).map(([name, value]) => [name, (name === 'src' || name === 'href') && isSitePath(value) ? `${base}${value.slice(1)}` : value]));
}

/**
 * Nav links and dropdowns; a dropdown's groups (a title over links, VuePress 1's
 * nested `items`) are kept. A group inside a group, which VuePress 1 shows as
 * a link to nowhere, is flattened into the group it is in, told to `untitled`.
 */
function navItems(nav: unknown, leftOut: (what: string) => void, untitled: (group: string, inner: string) => void): unknown[] {
  if (!Array.isArray(nav)) return [];
  const hasText = (item: Record<string, unknown>) => typeof item.text === 'string' && item.text !== '';
  // VuePress shows an item without text as an empty link, and one without a link as a dead one; docsbuild leaves them out.
  const link = (item: Record<string, unknown>): unknown[] => {
    if (hasText(item) && typeof item.link === 'string' && item.link !== '') return [{ text: item.text, link: navLinkOf(item.link) }];
    leftOut(hasText(item) ? `the item "${String(item.text)}" has no link` : `the item linking to ${JSON.stringify(item.link ?? '')} has no text`);
    return [];
  };
  const links = (group: string, items: unknown[]): unknown[] =>
    items.flatMap((item) => {
      if (!isRecord(item)) return [];
      if (!Array.isArray(item.items)) return link(item);
      if (hasText(item)) untitled(group, String(item.text));
      return links(group, item.items);
    });
  // A dropdown's entries: links, and groups of links (one without a title is its links, as VuePress shows them under an empty heading).
  const entries = (dropdown: string, items: unknown[]): unknown[] =>
    items.flatMap((item) => {
      if (!isRecord(item)) return [];
      if (!Array.isArray(item.items)) return link(item);
      const grouped = links(hasText(item) ? String(item.text) : dropdown, item.items);
      if (!hasText(item) || grouped.length === 0) return grouped;
      return [{ text: item.text, items: grouped }];
    });
  return nav.flatMap((item): unknown[] => {
    if (!isRecord(item)) return [item];
    if (!Array.isArray(item.items)) return link(item);
    const items = entries(String(item.text ?? ''), item.items);
    if (hasText(item) && items.length > 0) return [{ text: item.text, items }];
    leftOut(hasText(item) ? `the dropdown "${String(item.text)}" has no links` : 'a dropdown has no text');
    return [];
  });
}

/**
 * VuePress's language menu, shown when the config has more than one locale:
 * each locale's `themeConfig.locales` label (else its `lang`) linking to its
 * home page (VuePress links to the reader's page in that language; a nav
 * link here is one for every page), under the root locale's `selectText`.
 */
function languageMenu(locales: Record<string, unknown>, themeLocales: Record<string, unknown>, text: string): { text: string; items: { text: string; link: string }[] } | undefined {
  const prefixes = Object.keys(locales).filter((prefix) => prefix.startsWith('/') && prefix.endsWith('/') && !prefix.startsWith('//'));
  if (prefixes.length < 2) return undefined;
  const items = prefixes.flatMap((prefix) => {
    const theme = isRecord(themeLocales[prefix]) ? themeLocales[prefix] : {};
    const site = isRecord(locales[prefix]) ? locales[prefix] : {};
    const label = stringOr(theme.label, stringOr(site.lang, ''));
    return label === '' ? [] : [{ text: label, link: prefix }];
  });
  return items.length < 2 ? undefined : { text, items };
}

/** A nav link as VuePress 1 reads it (its default theme's ensureExt): a page's `.md` file is the page; a README its folder. */
function navLinkOf(link: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith('//')) return link;
  const hashAt = link.indexOf('#');
  const [pathPart, hash] = hashAt === -1 ? [link, ''] : [link.slice(0, hashAt), link.slice(hashAt)];
  return /\.md$/i.test(pathPart) ? `${sitePathOf(pathPart, '/')}${hash}` : link;
}

/** Nav link text by link, dropdowns included, and a dropdown's text by the one folder its links lead into: the titles of the sidebar's groups by path. */
function navTitles(nav: unknown): Map<string, string> {
  const titles = new Map<string, string>();
  // A dropdown whose links all lead into one folder names that folder ("API": /api/cli.html, /api/node.html), after the links themselves.
  const groups: [text: string, folder: string][] = [];
  const walk = (items: unknown): void => {
    if (!Array.isArray(items)) return;
    for (const item of items) {
      if (Array.isArray(item)) walk(item);
      if (!isRecord(item)) continue;
      if (typeof item.link === 'string' && typeof item.text === 'string' && !titles.has(item.link)) titles.set(item.link, item.text);
      const folder = typeof item.text === 'string' && Array.isArray(item.items) ? folderOfAll(item.items) : undefined;
      if (folder !== undefined) groups.push([item.text as string, folder]);
      walk(item.items);
    }
  };
  walk(nav);
  for (const [text, folder] of groups) if (!titles.has(folder)) titles.set(folder, text);
  return titles;
}

/** The one folder (other than the root) every link of these nav items is in, if there is one. */
function folderOfAll(items: unknown[]): string | undefined {
  const folders = new Set(items.map((item) => (isRecord(item) && typeof item.link === 'string' && item.link.startsWith('/') ? item.link.slice(0, item.link.lastIndexOf('/') + 1) : undefined)));
  const [folder] = folders;
  return folders.size === 1 && folder !== undefined && folder !== '/' ? folder : undefined;
}

/**
 * The sidebar as one list: an array as it is, an object keyed by path
 * prefix as a group per prefix, titled as the nav names it (navTitles), else
 * by its folder (`/user-guide/` → "User guide"; `/` → the site's title) (`onByPath`
 * is told). Paths relative to
 * the prefix are made absolute; "" is the prefix's own page; a
 * `[path, title]` pair is the page shown with that text, as VuePress shows it;
 * an http(s) URL is a link to another site.
 */
function sidebarEntries(sidebar: unknown, titles: ReadonlyMap<string, string>, siteTitle: string, onByPath: () => void): SidebarEntryInput[] {
  if (Array.isArray(sidebar)) return sidebar.flatMap((entry) => sidebarEntry(entry, '/'));
  if (!isRecord(sidebar)) return [];
  const prefixes = Object.keys(sidebar);
  if (prefixes.length > 1) onByPath();
  return prefixes.flatMap((prefix): SidebarEntryInput[] => {
    const entries = sidebar[prefix];
    const children = Array.isArray(entries) ? entries.flatMap((entry) => sidebarEntry(entry, prefix)) : [];
    if (children.length === 0) return [];
    if (prefixes.length === 1) return children;
    // A prefix of groups is a group too, holding them: two prefixes' groups may share a title ("Authentication").
    const title = titles.get(prefix) ?? folderTitle(prefix) ?? siteTitle;
    const [only] = children;
    if (children.length === 1 && typeof only === 'object' && 'title' in only && only.title === title) return children;
    return [{ title, children }];
  });
}

/** A path prefix's last folder as a title: `/guide/user-guide/` → "User guide"; undefined for `/`. */
function folderTitle(prefix: string): string | undefined {
  const folder = prefix.split('/').filter((segment) => segment !== '').pop();
  if (folder === undefined) return undefined;
  const words = folder.replace(/[-_]+/g, ' ').trim();
  return words === '' ? undefined : words[0]!.toUpperCase() + words.slice(1);
}

function sidebarEntry(entry: unknown, prefix: string): SidebarEntryInput[] {
  if (typeof entry === 'string') return [pageEntry(sitePathOf(entry, prefix), undefined)];
  if (Array.isArray(entry) && typeof entry[0] === 'string') return [pageEntry(sitePathOf(entry[0], prefix), entry[1])];
  if (!isRecord(entry)) return [];
  // VuePress 1 makes an object without children a link to its page, titled as the object says.
  const hasChildren = Array.isArray(entry.children) && entry.children.length > 0;
  if (!hasChildren && typeof entry.path === 'string') return [pageEntry(sitePathOf(entry.path, prefix), entry.title)];
  const children = [
    ...(typeof entry.path === 'string' ? [sitePathOf(entry.path, prefix)] : []),
    ...(Array.isArray(entry.children) ? entry.children.flatMap((child) => sidebarEntry(child, prefix)) : []),
  ];
  if (typeof entry.title !== 'string' || entry.title === '') return children;
  if (children.length === 0) return [];
  return [{ title: entry.title, children, ...(entry.collapsable === false ? { collapsed: false } : {}), ...(isSidebarDepth(entry.sidebarDepth) ? { sidebarDepth: entry.sidebarDepth } : {}) }];
}

/** A page entry: shown with the config's own text when it gives one (VuePress shows it instead of the page's title), else by the page's title. */
function pageEntry(link: string, text: unknown): SidebarEntryInput {
  if (typeof text === 'string' && text.trim() !== '') return { text, link };
  // Another site's page shows its URL when it has no text, as VuePress shows it.
  return isWebUrl(link) ? { text: link, link } : link;
}

/**
 * Where VuePress 1 reads `@/` in snippet imports from: the folder it runs
 * in (`process.cwd()`), by convention the one above the content folder
 * (`vuepress build docs`), so a monorepo's `packages/docs/docs` imports from
 * `packages/docs`; the content folder itself when its package.json runs
 * `vuepress build` there. Undefined when that is the project root or
 * outside it.
 */
function vuepressRunFolder(configFile: string, runsInContentFolder: boolean): string | undefined {
  const contentFolder = path.posix.dirname(path.posix.dirname(configFile));
  const folder = runsInContentFolder ? contentFolder : path.posix.dirname(contentFolder);
  return folder === '.' || folder.split('/').includes('..') ? undefined : folder;
}

/** A config string VuePress's default theme reads as given: a truthy one. */
function isFilled(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

/** A sidebarDepth docsbuild takes (VuePress reads any number; more than the header levels lists them all). */
function isSidebarDepth(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 6;
}

/** A VuePress sidebar path as a site path: relative to the prefix, "" its own page, `.md` dropped, README its folder. */
function sitePathOf(link: string, prefix: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(link)) return link;
  // A relative one is resolved against its prefix as VuePress's resolvePath does: `./intro` under `/guide/` is `/guide/intro`,
  // `../faqs/class` is `/faqs/class`, never above the root (path.posix.join keeps a trailing "/"); an absolute one is taken as it is.
  const sitePath = link.startsWith('/') ? link : path.posix.join(prefix.endsWith('/') ? prefix : `${prefix}/`, link);
  return sitePath.replace(/(^|\/)(readme|index)(\.md)?$/i, '$1').replace(/\.md$/i, '');
}

/**
 * The edit URL pattern VuePress 1's default theme makes (PageEdit's
 * createEditLink) from `docsRepo` (else `repo`), `docsBranch` (master) and
 * `docsDir` (without `editLinks`, only for pages whose frontmatter says
 * `editLink: true`, as in VuePress): a bitbucket.org URL gets
 * `/src/<branch>/<path>?mode=edit&…`, a gitlab.com URL `/-/edit/<branch>/<path>`,
 * any other URL (a self-hosted host) and `owner/name` (on github.com)
 * `/edit/<branch>/<path>`. Slashes around docsDir are dropped (VuePress keeps
 * a leading one, which makes a `//` the hosts do not answer).
 */
function editLinkOf(theme: Record<string, unknown>): { pattern: string; text?: string; optIn?: true } | undefined {
  const repo = stringOr(theme.docsRepo, stringOr(theme.repo, '')).replace(/\/$/, '');
  if (repo === '') return undefined;
  const branch = stringOr(theme.docsBranch, 'master');
  const dir = trimCharacter(stringOr(theme.docsDir, ''), '/');
  const path = `${dir ? `${dir}/` : ''}:path`;
  const isUrl = /^[a-z]+:/i.test(repo);
  if (!isUrl && !/^[\w.-]+\/[\w.-]+$/.test(repo)) return undefined;
  const base = isUrl ? repo.replace(/^(https?:\/\/github\.com\/.*)\.git$/i, '$1') : `https://github.com/${repo}`;
  const pattern = /bitbucket.org/.test(repo)
    ? `${base}/src/${branch}/${path}?mode=edit&spa=0&at=${branch}&fileviewer=file-view-default`
    : /gitlab.com/.test(repo)
      ? `${base}/-/edit/${branch}/${path}`
      : `${base}/edit/${branch}/${path}`;
  if (!/^https?:\/\//i.test(pattern) || !URL.canParse(pattern.replace(':path', 'x'))) return undefined;
  return {
    pattern,
    ...(typeof theme.editLinkText === 'string' && theme.editLinkText !== '' ? { text: theme.editLinkText } : {}),
    ...(theme.editLinks === true ? {} : { optIn: true as const }),
  };
}

/**
 * Where a key is in the config's text: each key of the path searched for
 * after the one before (`themeConfig`, then `nav` after it). A config is
 * code, not data with positions, so this finds the first place the key is
 * written as code (not in a comment or a string), which is where a writer looks.
 */
export function positionOfKey(text: string, keys: readonly string[]): { line?: number; column?: number; offset?: number } {
  const spans = nonCodeSpans(text);
  let from = 0;
  let found: number | undefined;
  for (const key of keys) {
    const pattern = new RegExp(`(^|[\\s{,])(['"\`]?)${escapeRegExp(key)}\\2\\s*[:(]`, 'g');
    // Else the shorthand `plugins,` of `const plugins = require('./plugins')` (vue-select): the value is elsewhere, the key is here.
    const shorthand = new RegExp(`(^|[\\s{,])()${escapeRegExp(key)}\\s*[,}]`, 'g');
    const match = firstInCode(text, pattern, from, spans, (m) => m.index + m[1]!.length) ?? firstInCode(text, shorthand, from, spans, (m) => m.index + m[1]!.length);
    if (!match) break;
    found = match.index + match[1]!.length;
    from = found + key.length;
  }
  return found === undefined ? {} : placeAt(text, found);
}

/** Where a quoted string (`'markdown-it-include'`) is first written as code, at or after `from`; undefined when it is not. */
export function positionOfQuoted(text: string, value: string, from = 0): { line: number; column: number; offset: number } | undefined {
  const pattern = new RegExp(`(['"\`])${escapeRegExp(value)}\\1`, 'g');
  const match = firstInCode(text, pattern, from, nonCodeSpans(text), (m) => m.index);
  return match ? placeAt(text, match.index) : undefined;
}

/** The first match of a global pattern at or after `from` whose start (`startOf`) is in code, not in a comment or string. */
function firstInCode(text: string, pattern: RegExp, from: number, spans: readonly Span[], startOf: (match: RegExpExecArray) => number): RegExpExecArray | undefined {
  pattern.lastIndex = from;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (isInCode(spans, startOf(match))) return match;
    pattern.lastIndex = match.index + 1;
  }
  return undefined;
}

function placeAt(text: string, offset: number): { line: number; column: number; offset: number } {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n'), offset };
}

function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' && value !== '' ? value : fallback;
}

/**
 * What a VuePress tree's `.vuepress/` folder amounts to in site.yaml's
 * terms: its config's settings (VuePress's defaults without a config), and
 * the redirects of `.vuepress/redirects`, each placed at its line there.
 * For a config that ran; parseVuepressSiteConfig reports one that failed.
 */
export function vuepressSiteOf(folder: VuepressFolder, fallbackTitle: string): VuepressSite {
  const loaded = folder.config;
  const redirects = folder.redirects && readVuepressRedirects(folder.redirects);
  const site: VuepressSite = loaded
    ? siteFromVuepress({ value: loaded.result.value, text: loaded.source.text, file: loaded.source.file, runsInContentFolder: folder.runsInContentFolder, redirectsRead: redirects !== undefined, contentDir: folder.contentDir }, fallbackTitle)
    : { input: { title: fallbackTitle, markdown: { slugify: 'vuepress' } }, locate: () => ({ file: folder.configFile ?? '' }), diagnostics: [] };
  if (!redirects) return site;
  return {
    input: { ...site.input, redirects: redirects.redirects },
    // A redirect's problems at its line of the file (site.yaml's checks ask by ['redirects', from], or ['redirects'] and the source).
    locate: (path, key) => (path[0] === 'redirects' ? redirects.placeOf(key ?? (path[1] as string | undefined)) : undefined) ?? site.locate(path, key),
    diagnostics: [...site.diagnostics, ...redirects.diagnostics],
  };
}

/**
 * The site config of a VuePress tree without site.yaml: its `.vuepress/`
 * folder turned into site.yaml's terms (vuepressSiteOf) and validated. A
 * config that failed to load is one error.
 */
export function parseVuepressSiteConfig(folder: VuepressFolder, fallbackTitle: string): ParsedSiteConfig {
  const loaded = folder.config;
  const failure = loaded?.result.failure;
  if (loaded && failure) {
    const { source, result } = loaded;
    const { message, line, column, thrownIn } = failure;
    const standIns = result.standIns ?? [];
    const where = thrownIn === undefined ? '' : ` (thrown in ${thrownIn}, which the config loads)`;
    // A module the config requires may need a package that is not installed: its stand-in is the likely cause.
    const cause = standIns.length === 0 ? '' : `. It ran without ${standIns.map(({ name }) => `"${name}"`).join(', ')}, which ${standIns.length === 1 ? 'is' : 'are'} not installed: install the docs' dependencies (npm install) first.`;
    return {
      locate: () => ({ file: source.file }),
      diagnostics: [
        diagnostic('vuepress/config-failed', { file: source.file, line, column }, `${source.relativePath} could not be loaded: ${message}${where}${cause}`),
        ...standInDiagnostics(source, standIns),
      ],
    };
  }
  const site = vuepressSiteOf(folder, fallbackTitle);
  const checked = checkSiteConfig(site.input, site.locate);
  const standIns = loaded ? standInDiagnostics(loaded.source, loaded.result.standIns) : [];
  return { ...checked, diagnostics: [...standIns, ...site.diagnostics, ...checked.diagnostics], constantsAreThemeSettings: true };
}

/**
 * One warning for each package the config (or a module it requires) requires
 * that is not installed (vuepress-config.ts ran it with a stand-in): at the
 * line naming it, or for a module the config loads, at the config's line
 * that loads it, naming the file and line that required the package.
 */
export function standInDiagnostics(source: { file: string; text: string }, standIns: readonly StandIn[] = []): Diagnostic[] {
  return standIns.map(({ name, line, column, requiredIn }) => {
    const place = requiredIn === undefined ? positionOfQuoted(source.text, name) : line === undefined ? undefined : { line, column };
    const who = requiredIn !== undefined ? `${requiredIn} (loaded by the config)` : place ? 'The config' : 'A module the config loads';
    return diagnostic(
      'vuepress/config-module-missing',
      { file: source.file, line: place?.line, column: place?.column },
      `${who} requires "${name}", which is not installed; it ran with a stand-in for it, so whatever the config takes from "${name}" is missing.`,
      undefined,
      name,
    );
  });
}
