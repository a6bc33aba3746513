import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { median } from '../../../../../cli/output/sizes';
import { buildFiles, MINIMAL_SITE_YAML } from '../../../../helpers/temp-site';

describe('cli/features/viewer gzip sizes', () => {
  it('reports the gzip size of every page file as gzipSync measures it (sizes are worked out off the main thread)', async () => {
    const result = await buildFiles(
      {
        'site.yaml': MINIMAL_SITE_YAML,
        'README.md': '# Home\n\nShort.\n',
        'a.md': `# A\n\n${'Some longer text that compresses. '.repeat(40)}\n`,
        'b.md': `# B\n\n${Array.from({ length: 60 }, (_, i) => `Line ${i * 7919} of B.`).join('\n\n')}\n`,
      },
      'build',
    );
    const sizesOf = (pick: (name: string) => boolean) =>
      [...result.files].filter(([name]) => pick(name)).map(([, content]) => gzipSync(content).length).sort((x, y) => x - y);
    const html = sizesOf((name) => /^(index|a|b)\.html$|^(a|b)\/index\.html$/.test(name));
    const chunks = sizesOf((name) => name.startsWith('assets/pages/'));
    expect(html).toHaveLength(3);
    expect(chunks).toHaveLength(3);
    expect(result.sizes?.html).toEqual({ median: median(html), max: html.at(-1) });
    expect(result.sizes?.medianChunk).toBe(median(chunks));
  });
});
