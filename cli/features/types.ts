import type { Manifest, PageRecord } from '../../schema/manifest';
import type { AssetPlan } from '../output/assets';
import type { FeatureStates } from '../output/feature-states';
import type { OutputSink } from '../output/sink';
import type { PageBody } from '../page/types';
import type { SiteModel } from '../site/model';
import type { SitePage } from '../site/pages';
import type { StageTimer } from '../support/timings';
import type { DocumentsAside } from './viewer/documents-aside';

/** A page as the features write it: its summary and index entry, and its body, read once and only if some file must be made from it. */
export interface EmitPage extends SitePage {
  /** The rendered body: read on first call (from the cache, or memory), then shared by every feature of this page. */
  body(): Promise<PageBody>;
  /** With a cache: a hash of everything the page's summary and body are made from, to key output made from it. */
  inputKey?: string;
  /** Its place in path order, the order pages are written in. */
  order: number;
}

/**
 * What the features of one build publish for the features after them (the
 * registry's order is the order they run in). Each field has one writer,
 * named beside it; the rest only read it.
 */
export interface Published {
  /** viewer: every page's chunk file and its gzip size, by page path. */
  chunks: Map<string, { name: string; gzip: number }>;
  /** viewer: the first visit's scripts and stylesheets. */
  firstLoad?: { js: (string | Uint8Array)[]; css: (string | Uint8Array)[] };
  /** markdown-copy: the `.md` copy written for each page, by page path, and (with a cache) the key it was made from. */
  copies: Map<string, { name: string; reuseKey?: string }>;
  /** manifest: every page's record, by page path. */
  records: Map<string, PageRecord>;
  /** search: the local index's root file, once written, and its sizes (all files raw and gzip; gzip of the root and the median shards). */
  searchIndex?: { name: string; raw: number; gzip: number; root: number; termShard: number; docShard: number };
  /** manifest: pages.json as written. */
  manifest?: Manifest;
  /** routes: the sidebar pieces holding each page (its HTML names them, so hydration fetches them at once). */
  sidebarBranches?: ReadonlyMap<string, readonly string[]>;
  /** routes: gzip bytes of routes.json, and per page of its route shard and sidebar pieces (for the size report). */
  routeData?: { root: number; byPage: ReadonlyMap<string, { shard: number; sidebar: number }> };
  /** viewer: gzip bytes of each page's HTML file, by page path. */
  htmlGzip: Map<string, number>;
  /** viewer: the bundle's source files, absolute (inputs of the build besides the content tree). */
  viewerInputs?: string[];
}

/** Everything a feature may use while the site is written. */
export interface EmitContext {
  model: SiteModel;
  /** Every page, in path order. */
  pages: readonly EmitPage[];
  /** Files from content/ that pages link to, and content/public/. */
  assets: AssetPlan;
  output: OutputSink;
  published: Published;
  timer: StageTimer;
  /** Page footer: each source's last commit time (ISO), by relativePath (source/last-updated.ts); absent when site.yaml has lastUpdated off. */
  lastUpdated?: ReadonlyMap<string, string>;
  /** What features keep between the builds of a long-lived process (the dev server), by feature name; absent for a one-off build. */
  kept?: Map<string, unknown>;
  /** What features store between CLI builds in the page cache's folder (output/feature-states.ts); absent without a cache. */
  stored?: FeatureStates;
  /** A thread the viewer may render page HTML documents on (a build with worker threads); the build stops it. */
  documentsAside?: DocumentsAside;
  /** False when no download sizes are reported (the dev server's builds): page files are then not compressed to measure them. */
  sizes?: boolean;
}

/** One output feature's work in one build: state lives in the closure `start` returns, never in the module. */
export interface FeatureRun {
  /** Files made from one page; called for pages in path order, a few pages at a time. */
  page?(page: EmitPage): Promise<void>;
  /** Site-wide files, once every page is written. */
  finish?(): Promise<void>;
}

/**
 * An output feature: a folder under features/ and one line in the registry
 * (features/index.ts). `start` runs once the site model is known, before any
 * page is written. What a feature keeps of each page while pages are
 * rendered is its PagePart (its part.ts, listed in features/parts.ts).
 */
export interface Feature {
  name: string;
  start(context: EmitContext): Promise<FeatureRun>;
  /** The states (EmitContext.stored) `start` loads: read early, while the site is checked (FeatureStates.readEarly). */
  readsEarly?: readonly string[];
}
