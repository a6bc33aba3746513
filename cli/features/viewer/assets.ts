import type { SiteRecord } from '../../../schema/manifest';
import type { FeatureStates } from '../../output/feature-states';
import { bundleInputFiles } from './bundle';
import { storedViewerBundle } from './stored-bundle';
import { codeStylesheetFor } from '../../markdown/code-classes';
import { contentSecurityPolicy } from '../../security/csp';
import { CODE_STYLESHEET_STEM, hashedAssetName } from '../../output/layout';
import type { DocumentSite } from './prerender';

export interface ViewerOutput {
  /** The bundle under assets/ and the code colours' stylesheet. */
  files: Map<string, string | Uint8Array>;
  /** What every route's HTML is rendered with (stages/prerender.ts). */
  document: DocumentSite;
  /** The bundle's source files, absolute (what the build read for it). */
  inputs: string[];
}

/**
 * The viewer's files and what each route's HTML needs from them. Code colours
 * are classes, not inline styles (a strict CSP refuses those): their rules
 * come from the classes the pages use, which each page's summary lists.
 * With `stored` (a CLI build's cache), the last build's bundle is taken when its sources are unchanged (stored-bundle.ts).
 */
export async function emitViewer(site: SiteRecord, codeClasses: Iterable<string>, stored?: FeatureStates): Promise<ViewerOutput> {
  const bundle = await storedViewerBundle(stored, { base: site.base });
  const codeCss = codeStylesheetFor(codeClasses);
  const codeFiles = codeCss === '' ? [] : [[hashedAssetName(CODE_STYLESHEET_STEM, codeCss, 'css'), codeCss] as const];
  const assets = { script: bundle.script, preloads: bundle.preloads, styles: [...bundle.styles, ...codeFiles.map(([name]) => name)] };
  return {
    files: new Map<string, string | Uint8Array>([...bundle.files, ...codeFiles]),
    document: { site, assets, contentSecurityPolicy: contentSecurityPolicy(site, { delivery: 'meta' }) },
    inputs: bundleInputFiles(bundle),
  };
}
