import { describe, expect, it } from 'vitest';
import type { Manifest, PageChunk } from '../../../../../schema/manifest';
import { htmlFileOf } from '../../../../../cli/output/layout';
import { prerenderSite } from '../../../../../cli/features/viewer/prerender';
import { MANIFEST } from '../../../viewer/fixtures';
import { THEME_SCRIPT } from '../../../../../shared/theme-script';
import { shellOf } from '../../../../../viewer/view';

const ASSETS = { script: 'assets/main.ABC.js', styles: ['assets/main.DEF.css'], preloads: ['assets/chunk.GHI.js'] };

function chunkFor(path: string, title: string): PageChunk {
  return {
    version: 1,
    key: `v-${path}`,
    path,
    title,
    description: `About ${title} </script>`,
    headers: [{ level: 2, slug: 'first', title: 'First' }],
    html: `<h1 id="t">${title}</h1><h2 id="first">First</h2><p>Body of ${title}.</p>`,
    next: path === '/' ? { path: '/limits/', title: 'Limits' } : undefined,
  };
}

const manifest: Manifest = {
  ...MANIFEST,
  site: {
    ...MANIFEST.site,
    headTags: [{ tag: 'meta', attrs: { name: 'theme-color', content: '#1f2937' } }],
    nav: [{ text: 'Guides', link: '/limits/', external: false }],
    sidebar: [{ type: 'group', title: 'Start', collapsed: false, children: MANIFEST.pages.map((p) => ({ type: 'page' as const, path: p.path, title: p.title })) }],
  },
};
const chunks = new Map(manifest.pages.map((p) => [p.path, chunkFor(p.path, p.title)]));
const files = prerenderSite({ manifest, chunks, assets: ASSETS });

describe('cli/features/viewer/prerender', () => {
  it('htmlFileOf maps a route to its file', () => {
    expect(htmlFileOf('/')).toBe('index.html');
    expect(htmlFileOf('/api/rest/')).toBe('api/rest/index.html');
    expect(htmlFileOf('/quickstart/create-new-workflow.html')).toBe('quickstart/create-new-workflow.html');
    expect(htmlFileOf('/odd')).toBe('odd/index.html');
  });

  it('writes one file per page plus the 404 shell', () => {
    expect([...files.keys()].sort()).toEqual([...manifest.pages.map((p) => htmlFileOf(p.path)), '404.html'].sort());
  });

  it('puts title, description, canonical, head tags and assets into the head', () => {
    const html = files.get('limits/index.html')!;
    expect(html).toContain('<title>/limits/ | Pipedream</title>');
    expect(html).toContain('<meta name="description" content="About /limits/ &lt;/script&gt;">');
    expect(html).toContain('<link rel="canonical" href="https://pipedream.com/docs/limits/">');
    expect(html).toContain('<meta name="theme-color" content="#1f2937">');
    expect(html).toContain('<link rel="stylesheet" href="/docs/assets/main.DEF.css">');
    expect(html).toContain('<link rel="modulepreload" href="/docs/assets/chunk.GHI.js">');
    expect(html).toContain('<link rel="preload" href="/docs/routes.json" as="fetch" crossorigin="anonymous">');
    expect(html).toContain('<script type="module" src="/docs/assets/main.ABC.js"></script>');
    expect(html.indexOf('<title>')).toBeLessThan(html.indexOf('</head>'));
  });

  it('renders the whole layout and the page body into the HTML', () => {
    const html = files.get('limits/index.html')!;
    expect(html).toContain('<header class="topbar">');
    expect(html).toContain('<nav aria-label="Documentation">');
    expect(html).toContain('<main id="main" tabindex="-1">');
    expect(html).toContain('<p>Body of /limits/.</p>');
    expect(html).toContain('aria-labelledby="on-this-page-title"');
    expect(html).toMatch(/<a href="\/docs\/limits\/" class="sidebar-link" aria-current="page">/);
    expect(files.get('index.html')).toContain('rel="next"');
  });

  it('embeds the page metadata as inert JSON, without the HTML, with "<" escaped', () => {
    const html = files.get('limits/index.html')!;
    const json = /<script type="application\/json" id="docsbuild-boot">(.*?)<\/script>/s.exec(html)![1]!;
    expect(json).not.toContain('<');
    const boot = JSON.parse(json) as { base: string; site: Record<string, unknown>; page: Record<string, unknown> };
    expect(boot.base).toBe('/docs/');
    // What hydrating needs of the site, without the sidebar tree (hydrated once the route data arrives).
    expect(boot.site).toEqual(JSON.parse(JSON.stringify(shellOf(manifest.site))));
    expect(boot.site).not.toHaveProperty('sidebar');
    expect(boot.page.chunk).toBe(manifest.pages.find((p) => p.path === '/limits/')!.chunk);
    expect(boot.page.description).toBe('About /limits/ </script>');
    expect(boot.page).not.toHaveProperty('html');
    // Besides the JSON and the bundle, only the theme script, which the policy allows by its hash.
    const inline = [...html.matchAll(/<script>(.*?)<\/script>/g)].map((m) => m[1]);
    expect(inline).toEqual([THEME_SCRIPT]);
    for (const script of html.matchAll(/<script\b[^>]*>/g)) expect(script[0]).toMatch(/\bsrc="|type="application\/json"|^<script>$/);
  });

  it('makes the 404 shell: noindex, not-found text for readers without JavaScript, no page in its boot data', () => {
    const html = files.get('404.html')!;
    expect(html).toContain('<title>Page not found | Pipedream</title>');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('rel="canonical"');
    expect(html).toMatch(/<noscript>.*Page not found.*<\/noscript>/s);
    const boot = JSON.parse(/<script type="application\/json" id="docsbuild-boot">(.*?)<\/script>/s.exec(html)![1]!) as Record<string, unknown>;
    expect(boot).toEqual({ base: '/docs/', site: JSON.parse(JSON.stringify(shellOf(manifest.site))) });
  });

  it('is deterministic', () => {
    const again = prerenderSite({ manifest, chunks, assets: ASSETS });
    expect([...again]).toEqual([...files]);
  });

  it('fails loudly when a page has no chunk', () => {
    expect(() => prerenderSite({ manifest, chunks: new Map(), assets: ASSETS })).toThrow('No chunk for the page /');
  });

  it('puts the Content-Security-Policy first in the head and the boot data before any page content', () => {
    const policy = "default-src 'self'; script-src 'self'";
    const html = prerenderSite({ manifest, chunks, assets: ASSETS, contentSecurityPolicy: policy }).get('limits/index.html')!;
    const head = html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
    expect(head.split('\n').slice(1, 3)).toEqual(['<meta charset="utf-8">', `<meta http-equiv="Content-Security-Policy" content="${policy}">`]);
    // A heading slugged "docsbuild-boot" in the page comes after the real boot element, so it never stands in for it.
    expect(head).toContain('<script type="application/json" id="docsbuild-boot">');
    expect(files.get('limits/index.html')).not.toContain('http-equiv');
  });
});

