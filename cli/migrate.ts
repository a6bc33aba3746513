import path from 'node:path';
import { build } from './build';
import type { ResolvedConfig } from './config';
import { sortDiagnostics, type Diagnostic } from './diagnostics/diagnostic';
import { checkSiteConfig } from './site/site-config';
import { enhanceAppRedirects, RENDERED_DIFFERENTLY, siteYamlOf } from './site/vuepress-migrate';
import { parseVuepressSiteConfig, standInDiagnostics, VUEPRESS_DEFAULT_TITLE, vuepressSiteOf } from './site/vuepress-site';
import { loadSources, SITE_CONFIG_NAMES } from './source/load';
import { factsOf } from './source/text-facts';
import { isExternalUrl } from '../shared/urls';

export interface MigrateResult {
  /** Where site.yaml goes (absolute). */
  file: string;
  /** The site.yaml to write; absent when there is nothing to write (`refused`, or the config failed: see `diagnostics`). */
  yaml?: string;
  /** Why nothing is written: site.yaml is there already, or the folder is no VuePress tree. */
  refused?: string;
  /** Settings and redirects that could not be carried over, as the comments in `yaml` say them. */
  notCarried: string[];
  /** Redirects carried over from `.vuepress/redirects` and enhanceApp.js. */
  redirects: number;
  /** What the tree uses that docsbuild renders differently (and, if the config fails, why). */
  diagnostics: Diagnostic[];
}

/**
 * `docsbuild migrate`: the site.yaml equivalent to a VuePress 1 tree's
 * `.vuepress/config.*` (with the redirects of `.vuepress/redirects` and
 * enhanceApp.js's plain ones), once, and
 * what the tree uses that docsbuild renders differently. Writes nothing:
 * the CLI writes the file.
 */
export async function migrate(config: ResolvedConfig): Promise<MigrateResult> {
  const file = path.join(config.contentDir, SITE_CONFIG_NAMES[0]);
  const sources = await loadSources(config);
  const result: MigrateResult = { file, notCarried: [], redirects: 0, diagnostics: [] };
  if (sources.siteConfig) return { ...result, refused: `${sources.siteConfig.file} exists already: migrate writes it only once.` };
  const folder = sources.vuepress;
  if (!folder) return { ...result, refused: `${path.relative(config.root, config.contentDir) || '.'} has no .vuepress/ folder: it is no VuePress 1 tree.` };
  const loaded = folder.config;
  if (loaded?.result.failure) return { ...result, diagnostics: parseVuepressSiteConfig(folder, VUEPRESS_DEFAULT_TITLE).diagnostics };

  const site = vuepressSiteOf(folder, VUEPRESS_DEFAULT_TITLE);
  const settings: Record<string, unknown> = { ...site.input, markdown: { ...site.input.markdown, importRoot: importRootFromContent(config.contentDir, folder.runsInContentFolder === true) } };
  const notCarried = site.diagnostics.map((d) => `${d.file}:${d.line}: ${d.message}`);
  // themeConfig values are theme settings first: only those a page uses are constants in site.yaml (the others would each warn as unused).
  const constants = (site.input.constants ?? {}) as Record<string, string | number>;
  const used = new Set(sources.pages.flatMap((page) => factsOf(page).constants));
  const unused = Object.keys(constants).filter((name) => !used.has(name));
  if (unused.length > 0) {
    settings.constants = Object.fromEntries(Object.entries(constants).filter(([name]) => used.has(name)));
    if (Object.keys(settings.constants as object).length === 0) delete settings.constants;
    notCarried.push(`${loaded?.source.file ?? '.vuepress/config.js'}: themeConfig ${unused.map((name) => `"${name}"`).join(', ')}: theme settings no page uses as {{ $themeConfig.X }}, so not written as constants`);
  }
  if (folder.enhanceApp) {
    const found = enhanceAppRedirects(folder.enhanceApp.text);
    // A source in both: .vuepress/redirects' redirect page is the file a static host serves.
    const redirects = { ...found.redirects, ...site.input.redirects };
    if (Object.keys(redirects).length > 0) settings.redirects = redirects;
    for (const other of found.others) notCarried.push(`${folder.enhanceApp.file}:${other.line}: a redirect written as code, carry it over by hand: ${other.text}`);
  }
  result.redirects = Object.keys(settings.redirects ?? {}).length;
  // The html-redirect plugin made pages for these as for any other; a site.yaml tree asks for the flag (a VuePress tree's build passes it itself).
  const away = Object.entries((settings.redirects ?? {}) as Record<string, string>).filter(([, to]) => isExternalUrl(to));
  const notes = away.length === 0 ? [] : [`redirects to other sites (${away.map(([from, to]) => `${from} -> ${to}`).join(', ')}) need docsbuild build --allow-external-redirects, or redirect/external-target stops the build.`];
  // The settings must make a valid site.yaml; what does not is reported where the VuePress tree says it.
  const checked = checkSiteConfig(settings, site.locate);
  const report = (await build(config, { mode: 'check' })).diagnostics.filter((d) => RENDERED_DIFFERENTLY.includes(d.code));
  return {
    ...result,
    yaml: siteYamlOf(settings, loaded?.source.relativePath, notCarried, notes),
    notCarried,
    diagnostics: sortDiagnostics([...(loaded ? standInDiagnostics(loaded.source, loaded.result.standIns) : []), ...checked.diagnostics, ...report]),
  };
}

/**
 * The folder VuePress runs in (where its `@/` and includes are read from),
 * written from the content folder (`..`, or `../docs` when it runs in the
 * content folder itself): check finds the same files from whichever folder
 * it runs in, as a path from the project root would not.
 */
function importRootFromContent(contentDir: string, runsInContentFolder: boolean): string {
  return runsInContentFolder ? `../${path.basename(contentDir)}` : '..';
}
