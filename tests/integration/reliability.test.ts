import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../cli/build';
import { resolveConfig } from '../../cli/config';
import { append } from '../../cli/support/append';
import { MINIMAL_SITE_YAML, tempSite } from '../helpers/temp-site';

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

  it('appending 300,000 diagnostics at once does not overflow the stack (push(...spread) did)', () => {
    const many = Array.from({ length: 300_000 }, (_, i) => i);
    expect(() => [].push(...(many as never[]))).toThrow(RangeError);
    expect(append([0], many)).toHaveLength(300_001);
  });
});
