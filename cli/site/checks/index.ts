import type { Diagnostic } from '../../diagnostics/diagnostic';
import type { SiteModel } from '../model';
import type { SitePage } from '../pages';
import type { ParsedSiteConfig } from '../site-config';
import { checkFrontmatterLinks } from './frontmatter-links';
import { checkPageLinks } from './links';
import type { PageCheckMemory, PageIdentity } from './page-check-memory';
import { checkPreviousPaths } from './previous-paths';
import { checkUnusedConstants } from './unused-constants';
import { append } from '../../support/append';

export interface SiteCheckInput {
  model: SiteModel;
  site: ParsedSiteConfig;
  /** Every page, duplicates of a path included: a constant used only by a duplicate is still used. */
  allPages: readonly SitePage[];
  /** The paths of `--previous`. */
  previous?: { file: string; paths: string[] };
  /** The last builds' page checks (the dev server's, or the CLI's from the cache): only the pages an edit can affect are checked again. */
  memory?: PageCheckMemory;
  /** For a memory kept between processes: what stands for site.yaml and the settings, and for each page's summary (page-check-memory.ts). */
  remembered?: { site: string; identityOf: PageIdentity };
}

/** The checks that need the whole site: links and anchors, frontmatter links, published URLs, unused constants (site.yaml's, not a VuePress theme's settings). */
export function checkSite({ model, site, allPages, previous, memory, remembered }: SiteCheckInput): Diagnostic[] {
  const checkPage = (page: SitePage, targets?: Set<string>) => [...checkPageLinks(page.indexed, page.page.links, model.index, targets), ...checkFrontmatterLinks(page, model.index)];
  const diagnostics: Diagnostic[] = memory
    ? memory.check(model, remembered?.site ?? site, checkPage, remembered?.identityOf)
    : model.pages.flatMap((page) => checkPage(page));
  if (previous) append(diagnostics, checkPreviousPaths(previous, model.index, site.locate(['redirects'])));
  if (!site.constantsAreThemeSettings) {
    append(
      diagnostics,
      checkUnusedConstants(
        model.config.constants,
        allPages.map((p) => p.page),
        (name) => site.locate(['constants'], name),
      ),
    );
  }
  return diagnostics;
}
