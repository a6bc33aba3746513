import type { SiteRecord } from '../../schema/manifest';
import type { SearchEngine, SearchHit } from './engine';
import { segmentsFromTagged, type Segment } from './highlight';

/**
 * Algolia DocSearch, queried with one fetch: a client library would be a
 * bigger download than this module, for one request. Loaded only when a
 * reader opens search on a site with `search.provider: docsearch`.
 */

/** Unlikely in any text, so the highlight can be split out without reading the result as HTML. */
export const HIGHLIGHT_PRE = '__docsbuild_mark__';
export const HIGHLIGHT_POST = '__/docsbuild_mark__';
const HITS_PER_PAGE = 10;

type DocsearchConfig = NonNullable<SiteRecord['search']['docsearch']>;

/** The configured facet filters, plus the current version's when none filters by version: results are this version's only. */
export function docsearchFilters(config: DocsearchConfig, currentVersion = 'latest'): string[] {
  const filters = [...config.facetFilters];
  if (!filters.some((f) => f.startsWith('version:'))) filters.push(`version:${currentVersion}`);
  return filters;
}

export function docsearchRequest(site: Pick<SiteRecord, 'search' | 'versions' | 'base'>, query: string): { url: string; init: RequestInit } {
  const config = site.search.docsearch;
  if (!config) throw new Error('search.docsearch is not configured');
  return {
    url: `https://${config.appId}-dsn.algolia.net/1/indexes/${encodeURIComponent(config.indexName)}/query`,
    init: {
      method: 'POST',
      headers: {
        'X-Algolia-Application-Id': config.appId,
        'X-Algolia-API-Key': config.apiKey,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({
        query,
        facetFilters: docsearchFilters(config, site.versions?.current),
        hitsPerPage: HITS_PER_PAGE,
        attributesToRetrieve: ['hierarchy', 'content', 'url'],
        attributesToSnippet: ['content:24'],
        snippetEllipsisText: '…',
        highlightPreTag: HIGHLIGHT_PRE,
        highlightPostTag: HIGHLIGHT_POST,
      }),
    },
  };
}

const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
type Level = (typeof LEVELS)[number];

/** The part of a DocSearch record (crawler schema v3) that results show. */
export interface DocsearchHit {
  url: string;
  objectID?: string;
  content?: string | null;
  hierarchy: Partial<Record<Level, string | null>>;
  _highlightResult?: { hierarchy?: Partial<Record<Level, { value: string }>> };
  _snippetResult?: { content?: { value: string } };
}

/**
 * DocSearch hits as results: the page title is `lvl1` (`lvl0` is the
 * category), the section the deepest level below it, the snippet Algolia's.
 * URLs under this site's base become in-site links, so the viewer navigates
 * without a reload (and a preview on localhost stays on localhost).
 */
export function docsearchHits(hits: readonly DocsearchHit[], base: string): SearchHit[] {
  const seen = new Set<string>();
  const out: SearchHit[] = [];
  for (const hit of hits) {
    const href = inSiteHref(hit.url, base);
    if (seen.has(href)) continue;
    seen.add(href);
    const tagged = (level: Level) => {
      const value = hit._highlightResult?.hierarchy?.[level]?.value ?? hit.hierarchy[level];
      return value ? segmentsFromTagged(value, HIGHLIGHT_PRE, HIGHLIGHT_POST) : undefined;
    };
    const titleLevel: Level = hit.hierarchy.lvl1 ? 'lvl1' : 'lvl0';
    const sectionLevel = [...LEVELS].reverse().find((l) => LEVELS.indexOf(l) > LEVELS.indexOf(titleLevel) && hit.hierarchy[l]);
    const snippet = hit._snippetResult?.content?.value ?? hit.content ?? undefined;
    out.push({
      key: href,
      href,
      title: tagged(titleLevel) ?? [{ text: href, mark: false }],
      section: sectionLevel && tagged(sectionLevel),
      snippet: snippet ? segmentsFromTagged(snippet, HIGHLIGHT_PRE, HIGHLIGHT_POST) : ([] as Segment[]),
      terms: [],
    });
  }
  return out;
}

function inSiteHref(url: string, base: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname.startsWith(base) ? `${parsed.pathname}${parsed.hash}` : url;
  } catch {
    return url;
  }
}

export function createDocsearchEngine(site: Pick<SiteRecord, 'search' | 'versions' | 'base'>, doFetch: typeof fetch): SearchEngine {
  return {
    async search(query, signal) {
      if (query.trim() === '') return [];
      const { url, init } = docsearchRequest(site, query);
      const response = await doFetch(url, { ...init, signal });
      if (!response.ok) throw new Error(`DocSearch answered ${response.status}`);
      const data = (await response.json()) as { hits?: DocsearchHit[] };
      return docsearchHits(data.hits ?? [], site.base);
    },
  };
}
