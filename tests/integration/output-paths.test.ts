import { readdirSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FrontmatterSchema } from '../../schema/frontmatter';
import { planAssets } from '../../cli/output/assets';
import { chunkFile } from '../../cli/features/viewer/chunk';
import { htmlFileOf } from '../../cli/output/layout';
import { fileNameOf } from '../../cli/output/layout';
import { safeJoin, writeOutput } from '../../cli/output/folder';
import { MINIMAL_SITE_YAML, placesOf, tempSite } from '../helpers/temp-site';

/** Names with every kind of trouble a file or permalink can carry. */
const hostileText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('..', '../..', '/etc/passwd', 'a/../../b', 'C:\\x', '\u0000', '%2e%2e', '<script>', 'a b', '"q"', '.', '', '~', '\\\\host\\share'),
);

describe('output paths', () => {
  it('names page chunks from a sanitised slug and a hash, whatever the page path', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const name = fileNameOf(text);
        expect(name).toMatch(/^[a-z0-9-]{1,80}$/);
        const chunk = chunkFile({ version: 1, key: 'v-0', path: text, title: 't', description: '', headers: [], html: '' });
        expect(chunk.name).toMatch(/^assets\/pages\/[a-z0-9-]{1,80}\.[0-9a-f]{10}\.json$/);
      }),
      { numRuns: 300 },
    );
  });

  // The sha256 of the bytes 1, 2, 3: assets are named from the hash they were loaded with.
  const SHA256_OF_123 = '039058c6f2c0cb492c533b0a4d14ef77cc0f78abccced5287d84a1a2011cfb81';
  it('names media files from a sanitised stem and a hash, and keeps only plain public names', () => {
    fc.assert(
      fc.property(fc.array(hostileText, { minLength: 1, maxLength: 4 }), fc.boolean(), (segments, isPublic) => {
        const relativePath = `${isPublic ? 'public/' : ''}${segments.join('/')}`;
        const plan = planAssets([{ relativePath, file: `content/${relativePath}`, absolute: `/site/content/${relativePath}`, hash: SHA256_OF_123 }]);
        for (const name of plan.files.keys()) {
          if (isPublic) {
            expect(name.split('/').every((s) => s !== '' && s !== '.' && s !== '..' && !/[\u0000-\u001f\\]/.test(s)), name).toBe(true);
          } else {
            expect(name).toMatch(/^assets\/media\/[a-z0-9-]{1,60}\.[0-9a-f]{10}(\.[a-z0-9]*)?$|^assets\/media\/file\.[0-9a-f]{10}(\.[a-z0-9]*)?$/);
          }
          expect(() => safeJoin('/out/dist', name)).not.toThrow();
        }
      }),
      { numRuns: 300 },
    );
  });

  it('puts the HTML of every permalink the schema accepts inside the output folder', () => {
    fc.assert(
      fc.property(fc.array(hostileText, { maxLength: 4 }), fc.boolean(), (segments, folder) => {
        const permalink = `/${segments.join('/')}${folder ? '/' : ''}`;
        if (!FrontmatterSchema.safeParse({ permalink }).success) return;
        const file = htmlFileOf(permalink);
        const target = safeJoin('/out/dist', file);
        expect(target.startsWith('/out/dist/')).toBe(true);
        expect(file.split('/')).not.toContain('..');
        expect(file.split('/')).not.toContain('.');
      }),
      { numRuns: 500 },
    );
  });

  it('refuses permalinks that would name a file badly, at the key\'s line', async () => {
    const bad = ['/a\u0000b/', '/./', '/a//b/', '/a?b/', '/a#b/', '/%2e%2e/', '/../etc/'];
    const files: Record<string, string> = { 'site.yaml': MINIMAL_SITE_YAML, 'README.md': '# Home\n' };
    bad.forEach((permalink, i) => (files[`p${i}.md`] = `---\ntitle: P\npermalink: ${JSON.stringify(permalink)}\n---\n# P\n`));
    const site = tempSite(files);
    try {
      const result = await site.build();
      bad.forEach((permalink, i) => expect(placesOf(result, `p${i}.md`), permalink).toEqual(['frontmatter/invalid@3:1']));
    } finally {
      site.remove();
    }
  });

  it('writes a site with hostile file names only inside --out, every name derived', async () => {
    const site = tempSite({
      'site.yaml': MINIMAL_SITE_YAML,
      'README.md': '# Home\n\n![pic](./images/evil%22%3Cimg%3E.png) [odd](./größe%20"q".md) [angle](./%3Cscript%3E.md)\n',
      'größe "q".md': '# Odd name\n',
      '<script>.md': '# Angle name\n',
      'images/evil"<img>.png': 'PNG',
      'public/robots.txt': 'User-agent: *\n',
    });
    try {
      const result = await site.build('build');
      expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const names = [...result.files.keys()];
      expect(names.filter((n) => n.startsWith('assets/media/'))).toEqual([expect.stringMatching(/^assets\/media\/evil-img\.[0-9a-f]{10}\.png$/)]);
      for (const chunk of names.filter((n) => n.startsWith('assets/pages/'))) expect(chunk).toMatch(/^assets\/pages\/[a-z0-9-]+\.[0-9a-f]{10}\.json$/);
      expect(names).toContain('robots.txt');

      const out = path.join(site.root, 'out', 'dist');
      await writeOutput(result.files, out);
      const written = readdirSync(out, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.relative(out, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
        .sort();
      expect(written).toEqual([...names, '.docsbuild-output'].sort());
      expect(readdirSync(path.dirname(out))).toEqual(['dist']);
    } finally {
      site.remove();
    }
  });

  it('writes a .md copy beside each page, except where content/public/ has a file of that name, and lists only the copies made', async () => {
    const site = tempSite({
      'site.yaml': MINIMAL_SITE_YAML,
      'README.md': '# Home\n\nSee [the guide](./guide/).\n',
      'guide/README.md': '# Guide\n\nBack [home](../).\n',
      'guide/setup.md': '# Setup\n',
      'public/guide/index.md': 'my own file\n',
    });
    try {
      const result = await site.build('build');
      expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const text = (name: string) => {
        const content = result.files.get(name);
        return content === undefined ? undefined : Buffer.from(content).toString('utf8');
      };
      expect(text('guide/index.md')).toBe('my own file\n');
      expect(text('index.md')).toContain('# Home');
      expect(text('guide/setup.md')).toBe('# Setup\n');
      const llms = text('llms.txt')!;
      expect(llms).toContain('setup.md');
      expect(llms).not.toContain('guide/index.md');
    } finally {
      site.remove();
    }
  });

  it('safeJoin never returns a path outside the folder', () => {
    fc.assert(
      fc.property(fc.array(hostileText, { minLength: 1, maxLength: 5 }), fc.constantFrom('/', '\\', '/../'), (segments, separator) => {
        const name = segments.join(separator);
        let target: string | undefined;
        try {
          target = safeJoin('/out/dist', name);
        } catch {
          return;
        }
        expect(target.startsWith('/out/dist/')).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
