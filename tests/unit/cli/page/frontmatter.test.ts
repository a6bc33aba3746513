import { describe, expect, it } from 'vitest';
import { parseFrontmatter } from '../../../../cli/page/frontmatter';
import { sourceFile } from '../../../helpers/pages';

const parse = (text: string) => parseFrontmatter(sourceFile('p.md', text));

describe('cli/page/frontmatter', () => {
  it('splits data and body and records how many lines the frontmatter took', () => {
    const result = parse('---\ntitle: Hi\ntags: [a]\n---\n\n# Body\n');
    expect(result.diagnostics).toEqual([]);
    expect(result.page?.data).toEqual({ title: 'Hi', tags: ['a'] });
    expect(result.page?.body).toBe('\n# Body\n');
    expect(result.page?.bodyLineOffset).toBe(4);
  });

  it('gives a page without frontmatter an empty object and offset 0', () => {
    const result = parse('# Only body\n');
    expect(result.page?.data).toEqual({});
    expect(result.page?.bodyLineOffset).toBe(0);
  });

  it("reads frontmatter only VuePress's lenient parser reads as VuePress did, with a warning at the first strict problem", () => {
    // vuex-module-decorators' home page: a quoted value's next line at its key's indent.
    const text = '---\nhome: true\nfeatures:\n    - title: "Typed"\n      details: "Create modules where\n      nothing goes wrong"\ndate: 2022-03-11\n---\n# T\n';
    const result = parse(text);
    expect(result.page?.data).toEqual({ home: true, features: [{ title: 'Typed', details: 'Create modules where nothing goes wrong' }], date: '2022-03-11' });
    expect(result.diagnostics.map((d) => [d.code, d.line, d.severity])).toEqual([['frontmatter/lenient-yaml', 5, 'warning']]);
    expect(result.diagnostics[0]!.message).toMatch(/^Frontmatter is not valid YAML \(Missing closing "quote\); it is read as VuePress's parser reads it\.$/);
  });

  it('keeps YAML that no parser reads, or that uses aliases, an error', () => {
    expect(parse('---\ntitle: "open\n---\n# T\n').diagnostics.map((d) => d.code)).toContain('frontmatter/yaml-syntax');
    const lenientOnly = 'f:\n  - d: "one\n    two"\n';
    expect(parse(`---\n${lenientOnly}---\n# T\n`).diagnostics.map((d) => d.code)).toEqual(['frontmatter/lenient-yaml']);
    expect(new Set(parse(`---\na: &x [1]\nb: *x\n${lenientOnly}---\n# T\n`).diagnostics.map((d) => d.code))).toEqual(new Set(['frontmatter/yaml-syntax']));
    expect(parse('---\ntitle: A\ntitle: B\n---\n# T\n').diagnostics.map((d) => d.code)).toEqual(['frontmatter/yaml-syntax']);
  });

  it('accepts empty frontmatter', () => {
    expect(parse('---\n---\n# T\n').page?.data).toEqual({});
  });

  it('reports YAML syntax errors at their file line', () => {
    const result = parse('---\ntitle: ok\nbad: [unclosed\n---\n# T\n');
    // The page stays (with empty data) so links to it are not reported as dead too.
    expect(result.page?.data).toEqual({});
    expect(result.page?.body).toBe('# T\n');
    expect(result.diagnostics[0]).toMatchObject({ code: 'frontmatter/yaml-syntax', line: 3 });
  });

  it('reports duplicate keys', () => {
    const result = parse('---\ntitle: a\ntitle: b\n---\n# T\n');
    expect(result.diagnostics[0]).toMatchObject({ code: 'frontmatter/yaml-syntax', line: 3 });
  });

  it('refuses a YAML alias bomb instead of expanding it', () => {
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x]'];
    for (let i = 0; i < 8; i++) bomb.push(`${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(9).fill(`*${String.fromCharCode(97 + i)}`).join(', ')}]`);
    const result = parse(`---\n${bomb.join('\n')}\n---\n# T\n`);
    expect(result.page?.data).toEqual({});
    expect(result.diagnostics[0]?.code).toBe('frontmatter/yaml-syntax');
  });

  it('reports frontmatter that is a list, not a mapping', () => {
    expect(parse('---\n- a\n- b\n---\n# T\n').diagnostics[0]).toMatchObject({ code: 'frontmatter/not-an-object', line: 2 });
  });

  it('never evaluates ---js frontmatter', () => {
    const result = parse('---js\n{ title: (() => { throw new Error("ran") })() }\n---\n# T\n');
    expect(result.diagnostics[0]?.code).toBe('frontmatter/unsupported-language');
  });

  it('reports an empty file', () => {
    expect(parse('  \n\n').diagnostics[0]?.code).toBe('file/empty');
  });
});
