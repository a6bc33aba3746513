import { analyticsFeature } from './analytics';
import { hostingFeature } from './hosting';
import { llmsFullFeature } from './llms-full';
import { manifestFeature } from './manifest';
import { markdownCopyFeature } from './markdown-copy';
import { mediaFeature } from './media';
import { routesFeature } from './routes';
import { searchFeature } from './search';
import type { Feature } from './types';
import { viewerFeature } from './viewer';

/**
 * Every output feature, one line each, in the order they run: each may read
 * what those before it published (features/types.ts, Published). A new
 * output is a folder under features/ and a line here (and one in parts.ts
 * if it keeps something of each page while pages are rendered).
 */
export const FEATURES: readonly Feature[] = [
  viewerFeature, // bundle, chunks, page HTML, 404 shell
  mediaFeature, // content/public/ and linked files
  searchFeature, // the local search index
  manifestFeature, // pages.json, its schema, redirects.json
  routesFeature, // routes.json, route shards, sidebar pieces (after search: routes.json names the index)
  analyticsFeature, // the analytics bootstrap
  hostingFeature, // redirect stubs, host configs, sitemap.xml, robots.txt
  markdownCopyFeature, // .md copies, llms.txt
  llmsFullFeature, // llms-full.txt
];
