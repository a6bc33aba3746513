import { describe, expect, it } from 'vitest';
import { checkFileNames } from '../../../../cli/source/file-names';
import { buildFiles } from '../../../helpers/temp-site';

const isPage = (p: string) => p.endsWith('.md');
const show = (p: string) => `content/${p}`;

describe('cli/source/file-names (issue 18)', () => {
  it('"#", "?" and "%" in a page file name: an error at the file, the hint naming a safe name', () => {
    const found = checkFileNames(['c#-guide.md', 'a/why?.md', 'a/100%.md', 'img/x#1.png', 'plain.md'], isPage, show);
    expect(found.map((d) => `${d.file} ${d.code} ${d.severity}`)).toEqual([
      'content/c#-guide.md file/unsafe-name error',
      'content/a/why?.md file/unsafe-name error',
      'content/a/100%.md file/unsafe-name error',
    ]);
    expect(found.map((d) => d.hint)).toEqual([
      'Rename it to c--guide.md (and set "permalink:" if the URL must stay).',
      'Rename it to a/why-.md (and set "permalink:" if the URL must stay).',
      'Rename it to a/100-.md (and set "permalink:" if the URL must stay).',
    ]);
  });

  it('two paths that differ only in case or in Unicode normalisation: a warning naming both', () => {
    const nfc = 'caf\u00e9.md';
    const nfd = 'cafe\u0301.md';
    const found = checkFileNames(['Foo.md', 'foo.md', nfc, nfd, 'img/A.PNG', 'img/a.png', 'other.md'], isPage, show);
    expect(found.map((d) => `${d.file} ${d.code} ${d.severity}`)).toEqual([
      `content/${nfc} file/similar-names warning`,
      'content/foo.md file/similar-names warning',
      'content/img/a.png file/similar-names warning',
    ]);
    expect(found[1]!.message).toBe('foo.md and Foo.md differ only in case: on macOS and Windows they are one file.');
    expect(found[0]!.message).toContain(`${nfc} and ${nfd} differ only in Unicode normalisation`);
  });

  it('reported by check (the load stage), and the build then publishes no broken URL', async () => {
    const result = await buildFiles({ 'site.yaml': 'title: T\n', 'README.md': '# Home\n', 'c#-guide.md': '# C#\n', 'Setup.md': '# A\n', 'setup.md': '# B\n' });
    expect(result.diagnostics.filter((d) => d.code.startsWith('file/')).map((d) => `${d.file} ${d.code}`)).toEqual([
      'content/c#-guide.md file/unsafe-name',
      'content/setup.md file/similar-names',
    ]);
  });
});
