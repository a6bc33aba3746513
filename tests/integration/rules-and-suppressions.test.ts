import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../cli/build';
import { resolveConfig } from '../../cli/config';
import { baselineOf } from '../../cli/diagnostics/baseline';
import { buildFiles, placesOf, tempSite } from '../helpers/temp-site';

const SITE = 'title: T\nbase: /docs/\n';
const pages = {
  'README.md': '# Home\n\nSee [the guide](/guide/) and [gone](/gone/).\n',
  'guide/README.md': '# Guide\n\n[Missing anchor](/#nope) and ![shot](./shot.png).\n',
  'legacy/old.md': '# Old\n\n[Older](/older/) and {{ $const.NOPE }}.\n',
};
const chunkOf = (files: Map<string, string | Uint8Array>, page: string) =>
  String([...files].find(([name]) => name.startsWith(`assets/pages/${page}.`))?.[1] ?? '');

describe('site.yaml rules (build)', () => {
  it('fails on errors by default and writes nothing', async () => {
    const result = await buildFiles({ 'site.yaml': SITE, ...pages }, 'build');
    expect(result.diagnostics.map((d) => `${d.code} ${d.severity}`)).toEqual([
      'link/dead error',
      'link/dead-anchor error',
      'link/missing-file error',
      'link/dead error',
      'constant/unknown error',
    ]);
    expect(result.files.size).toBe(0);
  });

  it('lowers codes site-wide: a build with only warnings writes the site, dead links as plain text', async () => {
    const rules = 'rules:\n  link/dead: warning\n  link/dead-anchor: warning\n  link/missing-file: warning\n  constant/unknown: off\n';
    const result = await buildFiles({ 'site.yaml': SITE + rules, ...pages }, 'build');
    expect(result.diagnostics.map((d) => `${d.file} ${d.code} ${d.severity}`)).toEqual([
      'content/README.md link/dead warning',
      'content/guide/README.md link/dead-anchor warning',
      'content/guide/README.md link/missing-file warning',
      'content/legacy/old.md link/dead warning',
    ]);
    expect(result.files.has('pages.json')).toBe(true);
    expect(chunkOf(result.files, 'index')).toContain(
      '<a href=\\"/docs/guide/\\">the guide</a> and <span title=\\"Broken link: /gone/\\">gone</span>',
    );
    const guide = chunkOf(result.files, 'guide');
    expect(guide).toContain('<a href=\\"/docs/#nope\\">Missing anchor</a>');
    expect(guide).toContain('<span title=\\"Missing image: ./shot.png\\">shot</span>');
    expect(String(result.files.get('legacy/old.md'))).toBe('# Old\n\nOlder and {{ $const.NOPE }}.\n');
  });

  it('applies per-path entries by glob, relative to the content folder, a later entry winning', async () => {
    const rules = 'rules:\n  - link/dead: warning\n  - files: legacy/**\n    link/dead: off\n    constant/unknown: warning\n  - files: [README.md]\n    link/dead: error\n';
    const result = await buildFiles({ 'site.yaml': SITE + rules, ...pages }, 'check');
    expect(result.diagnostics.map((d) => `${d.file} ${d.code} ${d.severity}`)).toEqual([
      'content/README.md link/dead error',
      'content/guide/README.md link/dead-anchor error',
      'content/guide/README.md link/missing-file error',
      'content/legacy/old.md constant/unknown warning',
    ]);
  });

  it('refuses an unknown code and a code that cannot be lowered at the key, and checks nothing else', async () => {
    const result = await buildFiles({ 'site.yaml': `${SITE}rules:\n  link/dead: warning\n  link/deadd: off\n  page/duplicate-path: warning\n`, ...pages }, 'build');
    expect(placesOf(result, 'site.yaml')).toEqual(['config/invalid@5:3', 'config/invalid@6:3']);
    expect(result.diagnostics.map((d) => d.message)).toEqual([
      '"rules.link/deadd" is not a diagnostic code (README.md#diagnostics lists them).',
      '"rules.page/duplicate-path" cannot be lowered: two pages would claim one URL.',
    ]);
    expect(result.diagnostics[0]?.hint).toMatch(/^Did you mean "link\/dead"\?/);
    expect(result.files.size).toBe(0);
  });

  it('raises a warning to an error', async () => {
    const result = await buildFiles({ 'site.yaml': `${SITE}sidebar: [/]\nrules:\n  page/not-in-sidebar: error\n`, 'README.md': '# Home\n', 'other.md': '# Other\n' }, 'build');
    expect(result.diagnostics.map((d) => `${d.code} ${d.severity}`)).toEqual(['page/not-in-sidebar error']);
    expect(result.files.size).toBe(0);
  });
});

describe('inline suppressions (build)', () => {
  it('suppress the named problem on the next line, given a reason; without one, refuse and suppress nothing', async () => {
    const page = [
      '# Home',
      '',
      '<!-- docsbuild-ignore link/dead the old API page is gone for good, kept for history -->',
      'See [the old API](/api/v0/).',
      '',
      '<!-- docsbuild-ignore link/dead -->',
      'And [another](/api/v00/).',
      '',
      '<!-- docsbuild-ignore link/dead-anchor renamed in the next release -->',
      'Nothing wrong here.',
      '',
    ].join('\n');
    const result = await buildFiles({ 'site.yaml': SITE, 'README.md': page }, 'build');
    expect(placesOf(result, 'README.md')).toEqual(['suppression/invalid@6:1', 'link/dead@7:5', 'suppression/unused@9:1']);
    expect(result.files.size).toBe(0);
  });

  it('let a site build whose only problem is suppressed, the link inert', async () => {
    const page = '# Home\n\n<!-- docsbuild-ignore link/dead the old API page is gone -->\nSee [the old API](/api/v0/).\n';
    const result = await buildFiles({ 'site.yaml': SITE, 'README.md': page }, 'build');
    expect(result.diagnostics).toEqual([]);
    expect(chunkOf(result.files, 'index')).toContain('<span title=\\"Broken link: /api/v0/\\">the old API</span>');
  });

  it('can have the unused warning turned off by a rule', async () => {
    const page = '# Home\n\n<!-- docsbuild-ignore link/dead kept for a while -->\nNothing wrong.\n';
    const result = await buildFiles({ 'site.yaml': `${SITE}rules:\n  suppression/unused: off\n`, 'README.md': page }, 'check');
    expect(result.diagnostics).toEqual([]);
  });
});

describe('baseline (build)', () => {
  it('writes a site whose only errors are baselined, and keeps failing on a new one', async () => {
    const site = tempSite({ 'site.yaml': SITE, ...pages });
    try {
      const first = await site.build('check');
      const known = baselineOf(first.diagnostics);
      const config = { ...resolveConfig(site.root, { config: false }), baseline: { path: path.join(site.root, 'b.json'), file: 'b.json', known } };
      const built = await build(config, { mode: 'build' });
      expect(built.diagnostics.every((d) => d.baselined)).toBe(true);
      expect(built.baseline).toEqual({ file: 'b.json', known: 5, files: 3, stale: [] });
      expect(built.files.has('pages.json')).toBe(true);
      expect(chunkOf(built.files, 'index')).toContain('<span title=\\"Broken link: /gone/\\">gone</span>');

      const more = { ...known, problems: known.problems.filter((p) => p.text !== '/gone/') };
      const failing = await build({ ...config, baseline: { ...config.baseline, known: more } }, { mode: 'build' });
      expect(failing.diagnostics.filter((d) => !d.baselined).map((d) => d.subject)).toEqual(['/gone/']);
      expect(failing.files.size).toBe(0);
    } finally {
      site.remove();
    }
  });
});
