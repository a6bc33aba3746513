import type { ChunkLoader } from '../chunk-loader';
import type { RouteData } from '../route-data';
import type { Header, SiteRecord } from '../../schema/manifest';
import type { Segment } from './highlight';

/** What the search UI needs from the app: the route data (which names the index) and the shared chunk cache. */
export interface SearchContext {
  routes: RouteData;
  loader: ChunkLoader;
}

/** Where a local hit's snippet comes from: a section of a page chunk, loaded when the hit is shown. */
export interface SnippetSource {
  chunk: string;
  headers: Header[];
  /** The section's slug; '' for the page's own text (its description, then the text before its first header). */
  slug: string;
  description: string;
}

export interface SearchHit {
  /** Unique within one result list. */
  key: string;
  /** The link: `/docs/<path>` or `/docs/<path>#<slug>`. */
  href: string;
  title: Segment[];
  /** The section's heading; absent when the hit is the page itself. */
  section?: Segment[];
  /** Ready-made (DocSearch), or cut later from `source` around `terms` (local). */
  snippet?: Segment[];
  source?: SnippetSource;
  /** The terms that matched, typos and prefixes resolved to the words in the text. */
  terms: string[];
}

export interface SearchEngine {
  /** Hits for a query, best first; an aborted search rejects with an AbortError. */
  search(query: string, signal: AbortSignal): Promise<SearchHit[]>;
}

export interface EngineOptions {
  site: SiteRecord;
  context: SearchContext;
  fetch: typeof fetch;
}
