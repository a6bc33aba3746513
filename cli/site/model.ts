import type { SiteRecord } from '../../schema/manifest';
import type { SiteConfig } from '../../schema/site-config';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { dropDuplicatePaths } from './checks/duplicate-paths';
import { resolveNavigation } from './navigation';
import { buildRedirects, type Redirect } from './redirects';
import type { ParsedSiteConfig } from './site-config';
import { buildSiteRecord, type SiteRecordOptions } from './site-record';
import type { SitePage } from './pages';
import { createSiteIndex, type SiteIndex } from './site-index';
import { append } from '../support/append';

/** The site as the output features see it: every page, where each path leads, and what pages.json says of the site. */
export interface SiteModel {
  config: SiteConfig;
  /** The site record of pages.json and of every page's HTML. */
  record: SiteRecord;
  /** One page per path, in source order. */
  pages: SitePage[];
  index: SiteIndex;
  /** redirects.json's table: chains collapsed, index.html twins included. */
  redirects: Redirect[];
  /** The sidebar's reading order (page paths), for prev/next and llms-full.txt. */
  order: string[];
  /** Page path → the sidebarDepth of its sidebar group, where the group sets one. */
  groupDepths: ReadonlyMap<string, number>;
  /** Page path → the text its first sidebar listing gives it, where one does (prev/next show it). */
  sidebarTexts: ReadonlyMap<string, string>;
}

export interface SiteModelInput extends SiteRecordOptions {
  site: ParsedSiteConfig & { config: SiteConfig };
  pages: readonly SitePage[];
  /** Site path of each file a page may link to (content/public/, media) → its output name. */
  assets: ReadonlyMap<string, string>;
  allowExternalRedirects: boolean;
  /** The content folder's name and those above it (site-index.ts SiteIndex.contentFolders). */
  contentFolders?: readonly string[];
}

/** PageSummary[] + SiteConfig → SiteModel: pure, and every problem found on the way returned as diagnostics. */
export function buildSiteModel(input: SiteModelInput): { model: SiteModel; diagnostics: Diagnostic[] } {
  const { site } = input;
  const config = site.config;
  const { unique, diagnostics } = dropDuplicatePaths(input.pages);
  const redirectTable = buildRedirects(config.redirects, new Map(unique.map((p) => [p.indexed.path, p.indexed])), (from) => site.locate(['redirects'], from), {
    allowExternal: input.allowExternalRedirects,
    localeFallback: config.localeFallback,
  });
  append(diagnostics, redirectTable.diagnostics);
  const index = createSiteIndex(
    config.base,
    unique.map((p) => p.indexed),
    new Map(redirectTable.redirects.map((r) => [r.from, r.to])),
    input.assets,
    input.contentFolders,
    { localeFallback: config.localeFallback, aliases: config.aliases },
  );
  const navigation = resolveNavigation(config, index, (path) => site.locate(path));
  append(diagnostics, navigation.diagnostics);
  const record = buildSiteRecord(config, navigation, input);
  return { model: { config, record, pages: unique, index, redirects: redirectTable.redirects, order: navigation.order, groupDepths: navigation.groupDepths, sidebarTexts: navigation.sidebarTexts }, diagnostics };
}
