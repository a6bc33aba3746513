import { describe, expect, it } from 'vitest';
import { parseFrontmatter } from '../../../../cli/page/frontmatter';
import { validateFrontmatter } from '../../../../cli/page/validate';
import { sourceFile } from '../../../helpers/pages';

const validate = (text: string, options: { vuepress?: boolean } = {}) => {
  const parsed = parseFrontmatter(sourceFile('p.md', text));
  if (!parsed.page) throw new Error('frontmatter did not parse');
  return validateFrontmatter(parsed.page, options);
};

describe('cli/page/validate', () => {
  it('a key the page reads itself is its data; in a VuePress tree only a likely typo of a known key is reported', () => {
    const reads = '---\nsince: v7.1.0\n---\n# Rule\n\nIntroduced in {{ $frontmatter.since }}.\n';
    expect(validate(reads).diagnostics).toEqual([]);
    const free = '---\nsince: v7.1.0\nauthor: A\ntitel: Typo\n---\n# Rule\n';
    expect(validate(free).diagnostics.map((d) => [d.code, d.line])).toEqual([
      ['frontmatter/unknown-key', 2],
      ['frontmatter/unknown-key', 3],
      ['frontmatter/unknown-key', 4],
    ]);
    const typo = validate(free, { vuepress: true }).diagnostics;
    expect(typo.map((d) => [d.code, d.line])).toEqual([['frontmatter/unknown-key', 4]]);
    expect(typo[0]!.hint).toMatch(/^Did you mean "title"\?/);
  });

  it('in a VuePress tree, a home that is true to JavaScript is a home page, as the default theme tests it; elsewhere it must be a boolean', () => {
    for (const [value, home] of [['"yes"', true], ['1', true], ['"false"', true], ['0', false], ['""', false], ['null', false]] as const) {
      const result = validate(`---\nhome: ${value}\n---\nText.\n`, { vuepress: true });
      expect(result.diagnostics, value).toEqual([]);
      expect(result.page.frontmatter.home, value).toBe(home);
    }
    expect(validate('---\nhome: "yes"\n---\nText.\n').diagnostics.map((d) => d.code)).toEqual(['frontmatter/invalid']);
  });

  it("in a VuePress tree, leaves out a default-theme value the theme would pass over, with a warning; other keys' values stay errors", () => {
    const page = '---\nsidebar: atuo\nsidebarDepth: nine\npermalink: 5\n---\n# Page\n';
    const vuepress = validate(page, { vuepress: true });
    expect(vuepress.diagnostics.map((d) => [d.code, d.severity, d.line])).toEqual([
      ['frontmatter/invalid', 'error', 4],
      ['vuepress/unsupported', 'warning', 2],
      ['vuepress/unsupported', 'warning', 3],
    ]);
    expect(vuepress.diagnostics[1]!.message).toMatch(/^Frontmatter "sidebar" .+: it is left out, as VuePress's default theme passes over it\.$/);
    expect(vuepress.page.frontmatter).toEqual({});
    expect(validate(page).diagnostics.map((d) => d.code)).toEqual(['frontmatter/invalid', 'frontmatter/invalid', 'frontmatter/invalid']);
  });

  it('takes an empty feature title (YAML null) as a feature without one, as VuePress shows it', () => {
    const home = validate('---\nhome: true\nfeatures:\n- title:\n  details: One\n- title: Two\n---\n');
    expect(home.diagnostics).toEqual([]);
    expect(home.page.frontmatter.features).toEqual([{ title: null, details: 'One' }, { title: 'Two' }]);
  });

  it('accepts the known keys', () => {
    const result = validate('---\ntitle: T\ndescription: D\npermalink: /x/\nprev: false\nnext: /y/\nsearch: false\n---\n');
    expect(result.diagnostics).toEqual([]);
    expect(result.page?.frontmatter).toMatchObject({ title: 'T', permalink: '/x/', prev: false, search: false });
  });

  it("accepts VitePress's { text, link } form of prev/next, and refuses a link that is not a path", () => {
    const good = validate('---\nprev:\n  text: Install the CLI\n  link: /cli/install/\nnext: { text: Only a label }\n---\n');
    expect(good.diagnostics).toEqual([]);
    expect(good.page.frontmatter).toEqual({ prev: { text: 'Install the CLI', link: '/cli/install/' }, next: { text: 'Only a label' } });
    const bad = validate('---\nprev:\n  text: T\n  link: 5\n---\n');
    expect(bad.diagnostics.map((d) => [d.code, d.line])).toEqual([['frontmatter/invalid', 2]]);
  });

  it('places a wrong type at the line of its key, saying what was found', () => {
    const result = validate('---\ndescription: fine\ntitle: 42\n---\n');
    // The valid keys are kept, the invalid one dropped.
    expect(result.page.frontmatter).toEqual({ description: 'fine' });
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ code: 'frontmatter/invalid', line: 3, column: 1, message: '"title" must be a string, not number 42.' }),
    ]);
  });

  it('warns about unknown keys with a suggestion, and keeps the page', () => {
    const result = validate('---\ntitel: T\n---\n');
    expect(result.page).toBeDefined();
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ code: 'frontmatter/unknown-key', severity: 'warning', line: 2 }),
    ]);
    expect(result.diagnostics[0]?.hint).toMatch(/^Did you mean "title"\?/);
  });

  it("warns about a home feature's other keys (a theme's link, imgUrl) and keeps the feature, as VuePress's default theme ignores them", () => {
    const result = validate('---\nhome: true\nfeatures:\n  - title: A\n    details: B\n    link: /x/\n  - title: C\n    imgUrl: c.png\n---\n');
    expect(result.page.frontmatter.features).toEqual([{ title: 'A', details: 'B' }, { title: 'C' }]);
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.line, d.message])).toEqual([
      ['frontmatter/unknown-key', 'warning', 6, 'Unknown key "link" in features item 1: a feature shows its title and details only.'],
      ['frontmatter/unknown-key', 'warning', 8, 'Unknown key "imgUrl" in features item 2: a feature shows its title and details only.'],
    ]);
  });

  it('rejects a permalink that is not a site path', () => {
    const result = validate('---\npermalink: ../../etc/\n---\n');
    expect(result.diagnostics[0]).toMatchObject({ code: 'frontmatter/invalid', line: 2 });
  });
});
