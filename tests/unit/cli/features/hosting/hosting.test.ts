import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../../../../cli/build';
import { resolveConfig } from '../../../../../cli/config';
import { cacheControlOf, isHashedAsset } from '../../../../../cli/output/cache-policy';
import { markdownFileOf } from '../../../../../cli/output/layout';
import { llmsTxt } from '../../../../../cli/features/markdown-copy/llms-txt';
import { OutputNames } from '../../../../../cli/output/names';
import { stubFileOf } from '../../../../../cli/output/layout';
import { redirectRules } from '../../../../../cli/features/hosting/redirect-rules';
import { isPortablePath, isSafeTarget } from '../../../../../cli/site/urls';
import { hostingFiles } from '../../../../../cli/features/hosting/files';
import type { Manifest } from '../../../../../schema/manifest';

const FIXTURE = path.resolve(__dirname, '../../../../fixtures/viewer-site');
const text = (result: BuildResult, name: string) => {
  const content = result.files.get(name);
  if (content === undefined) throw new Error(`${name} is not in the output`);
  return typeof content === 'string' ? content : new TextDecoder().decode(content);
};

/** A manifest with only what the hosting outputs read. */
function manifestOf(pages: string[], site: Partial<Manifest['site']> = {}): Manifest {
  return {
    version: 1,
    site: {
      title: 'Site',
      description: 'About the site',
      base: '/docs/',
      host: 'https://example.com',
      lang: 'en',
      headTags: [],
      nav: [],
      sidebar: [],
      search: { provider: 'none' },
      viewer: { scrollSpyThrottleMs: 300, loadTimeoutMs: 120000 },
      constants: {},
      ...site,
    },
    pages: pages.map((p) => ({
      title: `Title of ${p}`,
      description: `About ${p}`,
      frontmatter: {},
      regularPath: p,
      relativePath: 'x.md',
      key: 'k',
      path: p,
      headers: [],
      chunk: `assets/pages/x.0123456789.json`,
    })),
  };
}

describe('cli/features/hosting on the viewer-site fixture', () => {
  let result: BuildResult;
  beforeAll(async () => {
    result = await build(resolveConfig(FIXTURE, { config: false }), { mode: 'build' });
    expect(result.diagnostics).toEqual([]);
  });

  it('writes a stub at every portable redirect source, with meta refresh, canonical, a link and noindex', () => {
    const stub = text(result, 'cron/index.html');
    expect(stub).toContain('<meta http-equiv="refresh" content="0; url=/docs/workflows/steps/triggers/">');
    expect(stub).toContain('<link rel="canonical" href="https://pipedream.com/docs/workflows/steps/triggers/">');
    expect(stub).toContain('<a href="/docs/workflows/steps/triggers/">Triggers</a>');
    expect(stub).toContain('<meta name="robots" content="noindex">');
    expect(stub).toMatch(/<script src="\/docs\/assets\/redirect\.[0-9a-f]{10}\.js"><\/script>/);
    expect(text(result, 'notebook/inspector/index.html')).toContain('url=/docs/workflows/events/inspect/');
    // /notebook is a redirect while /notebook/dollar-… pages could live beside it: the stub is the folder's index.html.
    expect(text(result, 'notebook/index.html')).toContain('url=/docs/workflows/steps/');
  });

  it('never replaces a page: index.html twins get no stub, the page file stays the page', () => {
    expect(text(result, 'limits/index.html')).toContain('id="docsbuild-boot"');
    expect(text(result, 'index.html')).toContain('id="docsbuild-boot"');
  });

  it('writes _redirects with the base, both spellings of each source, and the 404 rule', () => {
    const lines = text(result, '_redirects').split('\n');
    expect(lines).toContain('/docs/cron /docs/workflows/steps/triggers/ 301');
    expect(lines).toContain('/docs/cron/ /docs/workflows/steps/triggers/ 301');
    expect(lines).toContain('/docs/notebook/inspector/ /docs/workflows/events/inspect/ 301');
    expect(lines).toContain('/docs/notebook/inspector /docs/workflows/events/inspect/ 301');
    expect(lines.some((l) => l.includes('index.html /'))).toBe(false);
    expect(lines.at(-2)).toBe('/docs/* /docs/404.html 404');
  });

  it('writes vercel.json with permanent redirects, trailing slashes and immutable assets', () => {
    const config = JSON.parse(text(result, 'vercel.json')) as {
      redirects: unknown[];
      trailingSlash: boolean;
      cleanUrls: boolean;
      headers: { source: string; headers: { key: string; value: string }[] }[];
    };
    expect(config.redirects).toContainEqual({ source: '/docs/cron', destination: '/docs/workflows/steps/triggers/', permanent: true });
    expect(config.trailingSlash).toBe(true);
    expect(config.cleanUrls).toBe(false);
    expect(config.headers.map((h) => h.source)).toEqual(['/docs/(.*)', '/docs/assets/(.*)']);
    expect(text(result, '_headers')).toContain('/docs/assets/*\n  Cache-Control: public, max-age=31536000, immutable');
  });

  it('sends the Content-Security-Policy and the other security headers from every host config', () => {
    const vercel = JSON.parse(text(result, 'vercel.json')) as { headers: { source: string; headers: { key: string; value: string }[] }[] };
    const keys = vercel.headers.find((h) => h.source === '/docs/(.*)')?.headers.map((h) => h.key);
    expect(keys).toEqual(['Content-Security-Policy', 'Referrer-Policy', 'X-Content-Type-Options']);
    expect(text(result, '_headers')).toMatch(/^\/docs\/\*\n {2}Content-Security-Policy: default-src 'self'/m);
    const conf = text(result, 'nginx.conf');
    // nginx does not inherit add_header into a location that sets its own: every location repeats them.
    const locations = conf.split(/\n\s*location /).filter((block) => block.includes('add_header Cache-Control'));
    expect(locations.length).toBeGreaterThanOrEqual(3);
    for (const block of locations) expect(block).toContain('add_header Content-Security-Policy "');
  });

  it('writes an nginx snippet with try_files, the 404 page, exact 301s and the cache policy', () => {
    const conf = text(result, 'nginx.conf');
    expect(conf).toContain('location ^~ /docs/ {');
    expect(conf).toContain('try_files $uri $uri/index.html $uri.html =404;');
    expect(conf).toContain('error_page 403 404 =404 /docs/404.html;');
    expect(conf).toContain('location = /docs/cron { return 301 "/docs/workflows/steps/triggers/$is_args$args"; }');
    expect(conf).toContain('location = /docs/cron/ { return 301 "/docs/workflows/steps/triggers/$is_args$args"; }');
    expect(conf).toContain('add_header Cache-Control "public, max-age=31536000, immutable";');
    expect(conf).toContain('add_header Cache-Control "no-cache";');
    expect(conf).not.toContain('index.html {');
  });

  it('writes a sorted sitemap of absolute URLs and a robots.txt naming it', () => {
    const sitemap = text(result, 'sitemap.xml');
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs).toHaveLength(result.manifest!.pages.length);
    expect(locs).toEqual([...locs].sort());
    expect(locs).toContain('https://pipedream.com/docs/quickstart/create-new-workflow.html');
    expect(locs.every((l) => l.startsWith('https://pipedream.com/docs/'))).toBe(true);
    expect(text(result, 'robots.txt')).toContain('Sitemap: https://pipedream.com/docs/sitemap.xml');
  });

  it('writes llms.txt: title, description, then the pages with descriptions grouped as in the sidebar', () => {
    const llms = text(result, 'llms.txt');
    expect(llms.startsWith('# Pipedream\n\n> Documentation - Connect APIs, remarkably fast\n\n## Introduction\n')).toBe(true);
    expect(llms).toContain('### Steps\n\n- [Steps](https://pipedream.com/docs/workflows/steps/index.md): Steps are the units of work');
    expect(llms).toContain('- [Create a new workflow](https://pipedream.com/docs/quickstart/create-new-workflow.md): ');
    const listed = [...llms.matchAll(/^- \[/gm)].length;
    expect(listed).toBeGreaterThanOrEqual(result.manifest!.pages.length);
  });

  it('writes a .md copy of every page beside its HTML, frontmatter stripped, constants interpolated outside code', () => {
    for (const page of result.manifest!.pages) expect(result.files.has(markdownFileOf(page.path)), page.path).toBe(true);
    const limits = text(result, 'limits/index.md');
    expect(limits.startsWith('# Limits\n')).toBe(true);
    expect(limits).toContain('up to 512KB');
    expect(limits).not.toContain('$const');
    expect(limits).not.toMatch(/^---$/m);
    // Links lead somewhere from anywhere: absolute URLs of the pages.
    expect(text(result, 'quickstart/create-new-workflow.md')).toContain('[hello to the world](https://pipedream.com/docs/quickstart/hello-world/)');
  });

  it('holds nothing of the dev server: no live-reload script, no events URL', () => {
    for (const [name, content] of result.files) {
      const bytes = typeof content === 'string' ? content : new TextDecoder().decode(content);
      expect(bytes.includes('__docsbuild/'), name).toBe(false);
    }
  });

  it('is deterministic: the same input gives the same bytes', async () => {
    const again = await build(resolveConfig(FIXTURE, { config: false }), { mode: 'build' });
    for (const name of ['_redirects', 'vercel.json', 'nginx.conf', 'sitemap.xml', 'llms.txt', 'cron/index.html', 'limits/index.md']) {
      expect(text(again, name), name).toBe(text(result, name));
    }
  });
});

describe('cli/features/hosting rules', () => {
  it('maps redirect sources to stub files every static host serves for both spellings', () => {
    expect(stubFileOf('/cron')).toBe('cron/index.html');
    expect(stubFileOf('/old/')).toBe('old/index.html');
    expect(stubFileOf('/old/page.html')).toBe('old/page.html');
  });

  it('gives each source its other spelling unless a page or another redirect owns it', () => {
    const manifest = manifestOf(['/', '/b/', '/c']);
    const rules = redirectRules(manifest, [
      { from: '/a', to: '/b/' },
      { from: '/b', to: '/b/' },
      { from: '/c/', to: '/b/' },
      { from: '/d.html', to: '/b/' },
      { from: '/e', to: '/b/' },
      { from: '/e/', to: '/' },
      { from: '/b/index.html', to: '/b/' },
    ]);
    expect(rules.map((r) => [r.from, r.spellings])).toEqual([
      ['/a', ['/a', '/a/']],
      ['/b', ['/b']],
      ['/c/', ['/c/']],
      ['/d.html', ['/d.html']],
      ['/e', ['/e']],
      ['/e/', ['/e/']],
    ]);
  });

  it('leaves non-portable sources and unsafe targets to the viewer', () => {
    expect(isPortablePath('/a-b_c.d~e/')).toBe(true);
    for (const bad of ['/caf%C3%A9', '/café', '/a?b', '/a*', '/:id', '/a//b', '/.hidden', '/a b']) expect(isPortablePath(bad), bad).toBe(false);
    expect(isSafeTarget('https://example.com/x?y=1')).toBe(true);
    for (const bad of ['/x"; return 200', '/x$host', '/x{', '/x y']) expect(isSafeTarget(bad), bad).toBe(false);
    const rules = redirectRules(manifestOf(['/']), [
      { from: '/caf%C3%A9', to: '/' },
      { from: '/ok', to: '/' },
    ]);
    expect(rules.map((r) => r.from)).toEqual(['/ok']);
  });

  it('never overwrites a file and never turns a file into a folder', () => {
    const names = new OutputNames(['robots.txt', 'a/index.html', 'pages.json']);
    expect(names.isFree('robots.txt')).toBe(false);
    expect(names.isFree('a')).toBe(false);
    expect(names.isFree('pages.json/index.html')).toBe(false);
    expect(names.claim('b/index.html')).toBe(true);
    expect(names.isFree('b')).toBe(false);
  });

  it('keeps a robots.txt from content/public/, and skips a stub whose file is taken', () => {
    const manifest = manifestOf(['/', '/b/']);
    const out = hostingFiles({
      manifest,
      redirects: [{ from: '/robots.txt', to: '/b/' }, { from: '/x', to: '/b/' }],
      taken: ['robots.txt', 'x'],
    });
    expect(out.has('robots.txt')).toBe(false);
    expect(out.has('x/index.html')).toBe(false);
    expect(out.get('_redirects')).toContain('/docs/x /docs/b/ 301');
  });

  it('writes no sitemap without a host; llms.txt (the markdown-copy feature) links base-relative', () => {
    const out = hostingFiles({ manifest: manifestOf(['/', '/b/'], { host: undefined }), redirects: [], taken: [] });
    expect(out.has('sitemap.xml')).toBe(false);
    expect(out.get('robots.txt')).not.toContain('Sitemap');
    expect(out.has('llms.txt')).toBe(false);
    expect(llmsTxt(manifestOf(['/', '/b/'], { host: undefined }), () => undefined)).toContain('- [Title of /b/](/docs/b/): About /b/');
  });

  it('treats only content-hashed files under assets/ as immutable', () => {
    expect(isHashedAsset('assets/main.7B7VPI2U.js')).toBe(true);
    expect(isHashedAsset('assets/main.7B7VPI2U.js.LEGAL.txt')).toBe(true);
    expect(isHashedAsset('assets/pages/limits.c1cd0c0e33.json')).toBe(true);
    expect(isHashedAsset('assets/media/flow.0a1b2c3d4e.png')).toBe(true);
    expect(isHashedAsset('assets/logo.png')).toBe(false);
    expect(isHashedAsset('main.7B7VPI2U.js')).toBe(false);
    expect(cacheControlOf('pages.json')).toBe('no-cache');
    expect(cacheControlOf('limits/index.html')).toBe('no-cache');
  });
});
