import type { Manifest, PageRecord, Redirects, SiteRecord } from '../../../schema/manifest';

/** A small site record and route table for the viewer's unit tests. */
export const SITE: SiteRecord = {
  title: 'Pipedream',
  description: 'Documentation - Connect APIs, remarkably fast',
  base: '/docs/',
  host: 'https://pipedream.com',
  lang: 'en-US',
  headTags: [],
  nav: [],
  sidebar: [],
  search: { provider: 'none' },
  viewer: { scrollSpyThrottleMs: 300, loadTimeoutMs: 120000 },
  constants: {},
};

export function page(path: string, title = path): PageRecord {
  return {
    title,
    description: `About ${title}`,
    frontmatter: {},
    regularPath: path,
    relativePath: `${path.slice(1)}README.md`,
    key: `v-${path}`,
    path,
    headers: [],
    chunk: `assets/pages/${path.replace(/\W+/g, '-')}.0123456789.json`,
  };
}

export const PAGES = ['/', '/limits/', '/api/rest/', '/workflows/steps/triggers/', '/workflows/copy/', '/code/nodejs/', '/quickstart/create-new-workflow.html'].map((p) =>
  page(p),
);

export const MANIFEST: Manifest = { version: 1, site: SITE, pages: PAGES };

export const REDIRECTS: Redirects = {
  version: 1,
  redirects: [
    { from: '/cron', to: '/workflows/steps/triggers/' },
    { from: '/workflows/fork', to: '/workflows/copy/' },
    { from: '/notebook/code/', to: '/code/nodejs/' },
    { from: '/what-is-pipedream/', to: '/' },
    ...PAGES.filter((p) => p.path.endsWith('/')).map((p) => ({ from: `${p.path}index.html`, to: p.path })),
  ],
};
