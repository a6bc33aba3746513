import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { displayPathIn } from '../../../../cli/source/load';

/** The diagnostic path as path.relative makes it, the rule displayPathIn must keep. */
const expected = (root: string, contentDir: string, relativePath: string) =>
  path.relative(root, path.join(contentDir, relativePath)).split(path.sep).join('/');

describe('cli/source/load displayPathIn: a content file\'s path as diagnostics show it', () => {
  const cases: [root: string, contentDir: string][] = [
    ['/project', '/project/content'],
    ['/project', '/project/docs/content'],
    ['/project', '/project'],
    ['/project/sub', '/project/content'],
    ['/project/content/inner', '/project/content'],
    ['/project', '/elsewhere/content'],
    ['/project', '/project/..dots'],
  ];
  const files = ['', 'README.md', 'guide/intro.md', '.vuepress/config.js', 'site.yaml', 'a b/ü.md'];
  it.each(cases)('root %s, content %s: as path.relative gives it', (root, contentDir) => {
    const displayPath = displayPathIn({ root, contentDir });
    for (const file of files) expect(displayPath(file)).toBe(expected(root, contentDir, file));
  });
});
