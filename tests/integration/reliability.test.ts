import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../cli/build';
import { resolveConfig } from '../../cli/config';
import { append } from '../../cli/support/append';
import { buildFiles, MINIMAL_SITE_YAML, tempSite } from '../helpers/temp-site';

/** Issue 18's repros: each failed with an internal error (exit 3) or worse; each now gets what a user can act on. */
describe('reliability: hostile inputs', () => {
  it('--previous with 150,000 stale paths: every one reported, no stack overflow', async () => {
    const site = tempSite({ 'site.yaml': MINIMAL_SITE_YAML, 'README.md': '# Home\n' });
    try {
      const paths = Array.from({ length: 150_000 }, (_, i) => `/gone/${i}.html`);
      writeFileSync(path.join(site.root, 'old-pages.json'), JSON.stringify({ pages: paths.map((p) => ({ path: p })) }));
      const result = await build(resolveConfig(site.root, { config: false, previous: 'old-pages.json' }), { mode: 'check' });
      expect(result.diagnostics.filter((d) => d.code === 'url/removed')).toHaveLength(150_000);
    } finally {
      site.remove();
    }
  }, 120_000);

  it('a page over its time budget (40,000 "*a" took 16 s) is file/too-complex at its first line; the rest is checked, and it is never cached', () => {
    const site = tempSite({
      'site.yaml': MINIMAL_SITE_YAML,
      'README.md': '# Home\n\nSee [the guide](/guide/) and [nothing](/nope/).\n',
      'guide/README.md': '# Guide\n\nText.\n',
      'slow.md': `# Slow\n\n${'*a'.repeat(40_000)}\n`,
    });
    try {
      const bin = path.resolve(__dirname, '../../build/bin.js');
      for (const run of [1, 2]) {
        const started = Date.now();
        const cli = spawnSync(process.execPath, [bin, 'check'], {
          cwd: site.root,
          encoding: 'utf8',
          env: { ...process.env, NO_COLOR: '1', DOCSBUILD_PAGE_TIME_BUDGET_MS: '1500' },
        });
        expect(cli.status, `run ${run}: ${cli.stderr}`).toBe(1);
        expect(Date.now() - started).toBeLessThan(15_000);
        expect(cli.stderr).toContain('content/slow.md:1:1 error file/too-complex');
        expect(cli.stderr).toContain('slow.md takes more than 2 s to process');
        // The other pages were processed and checked: the dead link is found, the link to the guide is not dead.
        expect(cli.stderr).toContain('content/README.md:3:30 error link/dead');
        expect(cli.stderr).not.toContain('"/guide/" points to no page');
      }
    } finally {
      site.remove();
    }
  }, 60_000);

  it('a head tag attribute name that would inject markup is config/invalid at its line', async () => {
    const yaml = 'title: T\nheadTags:\n  - tag: meta\n    attrs:\n      "x><meta http-equiv=refresh content=0;url=https://evil.example><x": y\n';
    const result = await buildFiles({ 'site.yaml': yaml, 'README.md': '# Home\n' });
    expect(result.diagnostics.map((d) => `${d.file}:${d.line} ${d.code}`)).toEqual(['content/site.yaml:5 config/invalid']);
    expect(result.diagnostics[0]!.message).toContain('is no attribute name: it may not hold spaces, quotes');
  });

  it('appending 300,000 diagnostics at once does not overflow the stack (push(...spread) did)', () => {
    const many = Array.from({ length: 300_000 }, (_, i) => i);
    expect(() => [].push(...(many as never[]))).toThrow(RangeError);
    expect(append([0], many)).toHaveLength(300_001);
  });
});
