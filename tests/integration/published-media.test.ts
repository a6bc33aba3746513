import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../cli/build';
import { resolveConfig } from '../../cli/config';
import { PageMemory } from '../../cli/page/page-memory';
import { buildFiles, tempSite } from '../helpers/temp-site';

const mediaOf = (files: Map<string, unknown>) => [...files.keys()].filter((n) => n.startsWith('assets/media/')).map((n) => n.replace(/\.[0-9a-f]{10}\./, '.')).sort();

describe('published media (issue 18: content/drafts/credentials.txt landed in dist/assets/media/)', () => {
  it('publishes the content files pages link to or embed, and public/ whole, and nothing else', async () => {
    const result = await buildFiles(
      {
        'site.yaml': 'title: T\nheadTags:\n  - tag: link\n    attrs: { rel: icon, href: /brand/icon.svg }\n',
        'README.md': '# Home\n\n![flow](./images/flow.png)\n\n[the sheet](guide/sheet.pdf)\n',
        'guide/README.md': '---\nheroImage: /images/hero.png\n---\n# Guide\n\nText.\n',
        'images/flow.png': new Uint8Array([1]),
        'images/hero.png': new Uint8Array([2]),
        'images/unused.png': new Uint8Array([3]),
        'guide/sheet.pdf': new Uint8Array([4]),
        'brand/icon.svg': '<svg/>',
        'drafts/credentials.txt': 'password=hunter2\n',
        'public/robots.txt': 'User-agent: *\n',
        'public/unlinked.txt': 'still published\n',
      },
      'build',
    );
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(mediaOf(result.files)).toEqual(['assets/media/flow.png', 'assets/media/hero.png', 'assets/media/icon.svg', 'assets/media/sheet.pdf']);
    expect(result.files.has('robots.txt') && result.files.has('unlinked.txt')).toBe(true);
    const everything = [...result.files.values()].map((v) => (typeof v === 'string' ? v : Buffer.from(v).toString())).join('\n');
    expect(everything).not.toContain('hunter2');
  });
  it('in a long-lived process (the dev server\'s PageMemory), publishes a public file\'s new bytes once it changed', async () => {
    const site = tempSite({ 'site.yaml': 'title: T\n', 'README.md': '# Home\n', 'public/data.bin': Uint8Array.from([1, 2, 3]) });
    try {
      const memory = new PageMemory();
      const config = resolveConfig(site.root, { config: false });
      const bytesOf = async () => Buffer.from((await build(config, { mode: 'build', memory })).files.get('data.bin') as Uint8Array);
      expect(await bytesOf()).toEqual(Buffer.from([1, 2, 3]));
      writeFileSync(path.join(site.contentDir, 'public', 'data.bin'), Uint8Array.from([4, 5, 6, 7]));
      expect(await bytesOf()).toEqual(Buffer.from([4, 5, 6, 7]));
    } finally {
      site.remove();
    }
  });
});
