import { describe, expect, it } from 'vitest';
import { isHashedAsset } from '../../cli/output/cache-policy';
import { GENERATED_DIRS, HOST_FILES, htmlFileOf, markdownFileOf, SITE_FILES } from '../../cli/output/layout';
import { buildFiles, placesOf } from '../helpers/temp-site';

const SITE = 'title: T\n';
const HOME = '# Home\n\nStart here.\n';
const page = (permalink: string) => `---\npermalink: ${permalink}\n---\n# P\n\nText.\n`;
const codesOf = (result: Awaited<ReturnType<typeof buildFiles>>) => result.diagnostics.map((d) => `${d.file}:${d.line} ${d.code}`);

describe('output claims: what check passed and build crashed on (issue 18) is a diagnostic in both', () => {
  // The names come from output/layout.ts, the one list of what the build writes.
  for (const name of SITE_FILES.filter((n) => !n.startsWith('.'))) {
    it(`public/${name} (a file the build writes)`, async () => {
      for (const mode of ['check', 'build'] as const) {
        const result = await buildFiles({ 'site.yaml': SITE, 'README.md': HOME, [`public/${name}`]: 'mine\n' }, mode);
        expect(codesOf(result), mode).toEqual([`content/public/${name}:1 output/name-taken`]);
        expect(result.files.size).toBe(0);
      }
    });
  }

  it('public files inside the generated folders, named like a hashed asset, or at the home page’s index.html', async () => {
    const files = Object.fromEntries(
      [...GENERATED_DIRS.map((dir) => `${dir}/x.json`), 'assets/main.ABCDEFGH.js', 'index.html', 'assets/logo.png'].map((n) => [`public/${n}`, 'x']),
    );
    const result = await buildFiles({ 'site.yaml': SITE, 'README.md': HOME, ...files }, 'build');
    expect(codesOf(result).sort()).toEqual(
      [...GENERATED_DIRS.map((dir) => `${dir}/x.json`), 'assets/main.ABCDEFGH.js', 'index.html'].map((n) => `content/public/${n}:1 output/name-taken`).sort(),
    );
  });

  it('a permalink /pages.json or /index.html beside the home page, at the permalink line', async () => {
    for (const permalink of ['/pages.json', '/index.html', '/routes.json/', '/assets/pages/x.html']) {
      const result = await buildFiles({ 'site.yaml': SITE, 'README.md': HOME, 'p.md': page(permalink) }, 'build');
      expect(placesOf(result, 'p.md'), permalink).toEqual(['output/name-taken@2:1']);
    }
  });

  it('a permalink or a redirect source at a host file (/_redirects, /sitemap.xml, …)', async () => {
    for (const name of HOST_FILES) {
      const byPage = await buildFiles({ 'site.yaml': SITE, 'README.md': HOME, 'p.md': page(`/${name}`) }, 'check');
      expect(codesOf(byPage), name).toEqual(['content/p.md:2 output/name-taken']);
      expect(byPage.diagnostics[0]!.message).toContain(`(${name})`);
      const byRedirect = await buildFiles({ 'site.yaml': `${SITE}redirects:\n  /${name}: /\n`, 'README.md': HOME }, 'build');
      expect(codesOf(byRedirect), name).toEqual(['content/site.yaml:3 output/name-taken']);
    }
  });

  it('a file of your own in public/ may take a host file’s place (robots.txt), and is published', async () => {
    const result = await buildFiles({ 'site.yaml': SITE, 'README.md': HOME, 'public/robots.txt': 'User-agent: *\n' }, 'build');
    expect(result.diagnostics).toEqual([]);
    expect(Buffer.from(result.files.get('robots.txt')!).toString()).toBe('User-agent: *\n');
  });

  it('a name longer than a file system takes: a 252-byte file name (.html makes 257), a permalink segment of 300, one of 100 characters and 300 bytes, a path past 4096', async () => {
    const long = `${'a'.repeat(252)}.md`;
    const deep = `/${Array.from({ length: 25 }, () => 'c'.repeat(200)).join('/')}`;
    const result = await buildFiles(
      { 'site.yaml': SITE, 'README.md': HOME, [long]: '# L\n\nText.\n', 'p.md': page(`/${'b'.repeat(300)}/`), 'q.md': page(deep), 'r.md': page(`/${'頁'.repeat(100)}/`) },
      'build',
    );
    expect(codesOf(result).sort()).toEqual([
      `content/${long}:1 output/name-too-long`,
      'content/p.md:2 output/name-too-long',
      'content/q.md:2 output/name-too-long',
      'content/r.md:2 output/name-too-long',
    ]);
    expect(result.diagnostics.find((d) => d.file === 'content/q.md')!.message).toMatch(/a path of 5035 bytes/);
  });

  it('every file a build writes is a page’s, a public file, or named in the layout’s lists', async () => {
    const result = await buildFiles(
      {
        'site.yaml': `${SITE}redirects:\n  /old: /guide/\n`,
        'README.md': HOME,
        'guide/README.md': '# Guide\n\n![flow](./flow.png)\n',
        'guide/flow.png': new Uint8Array([1, 2, 3]),
        'public/favicon.svg': '<svg/>',
      },
      'build',
    );
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const pageNames = new Set(['/', '/guide/'].flatMap((p) => [htmlFileOf(p), markdownFileOf(p)]));
    const stray = [...result.files.keys()].filter(
      (name) =>
        !pageNames.has(name) &&
        name !== 'favicon.svg' &&
        name !== 'old/index.html' &&
        !(SITE_FILES as readonly string[]).includes(name) &&
        !HOST_FILES.includes(name) &&
        !isHashedAsset(name),
    );
    expect(stray).toEqual([]);
  });
});
