import { describe, expect, it } from 'vitest';
import { addScripts } from '../../../../cli/init/package-json';

const SCRIPTS = { 'docs:dev': 'docsbuild dev --content docs', 'docs:check': 'docsbuild check --content docs' };

function edited(text: string): string {
  const edit = addScripts(text, SCRIPTS);
  if (!edit.ok) throw new Error(JSON.stringify(edit));
  return edit.text;
}

describe('addScripts (init editing a package.json)', () => {
  it('adds to the existing scripts, at their indent, and leaves every other byte alone', () => {
    const text = `{
    "name": "app",
    "keywords": ["a",   "b"],
    "scripts": {
        "test": "vitest"
    },
    "dependencies": { "react": "^19.0.0" }
}
`;
    expect(edited(text)).toBe(`{
    "name": "app",
    "keywords": ["a",   "b"],
    "scripts": {
        "test": "vitest",
        "docs:dev": "docsbuild dev --content docs",
        "docs:check": "docsbuild check --content docs"
    },
    "dependencies": { "react": "^19.0.0" }
}
`);
  });

  it('adds a scripts object at the end when there is none, indented with tabs like the file, keeping CRLF and no final newline', () => {
    const text = '{\r\n\t"name": "app",\r\n\t"private": true\r\n}';
    expect(edited(text)).toBe(
      '{\r\n\t"name": "app",\r\n\t"private": true,\r\n\t"scripts": {\r\n\t\t"docs:dev": "docsbuild dev --content docs",\r\n\t\t"docs:check": "docsbuild check --content docs"\r\n\t}\r\n}',
    );
  });

  it('fills an empty scripts object, and an empty package.json', () => {
    expect(edited('{\n  "name": "app",\n  "scripts": {}\n}\n')).toBe(
      '{\n  "name": "app",\n  "scripts": {\n    "docs:dev": "docsbuild dev --content docs",\n    "docs:check": "docsbuild check --content docs"\n  }\n}\n',
    );
    expect(JSON.parse(edited('{}'))).toEqual({ scripts: SCRIPTS });
  });

  it('is not fooled by braces and quotes inside strings', () => {
    const text = '{\n  "name": "a{\\"}b",\n  "scripts": {\n    "x": "echo \\"}\\" ]"\n  }\n}\n';
    expect(JSON.parse(edited(text))).toEqual({ name: 'a{"}b', scripts: { x: 'echo "}" ]', ...SCRIPTS } });
  });

  it('refuses to replace a script of the same name, naming each', () => {
    expect(addScripts('{ "scripts": { "docs:dev": "vitepress dev docs", "docs:check": "x" } }', SCRIPTS)).toEqual({ ok: false, clashes: ['docs:dev', 'docs:check'] });
  });

  it('refuses a file that is not a JSON object, or whose scripts are not an object', () => {
    expect(addScripts('{ "name": ', SCRIPTS)).toMatchObject({ ok: false, invalid: expect.stringContaining('not valid JSON') });
    expect(addScripts('[]', SCRIPTS)).toEqual({ ok: false, invalid: 'is not a JSON object' });
    expect(addScripts('{ "scripts": "none" }', SCRIPTS)).toEqual({ ok: false, invalid: 'has a "scripts" that is not an object' });
  });
});

describe('addScripts on one-line JSON', () => {
  it('keeps a file written on one line on one line, with its own separators', () => {
    expect(edited('{"name":"app","devDependencies":{"docsbuild":"^0.1.0"}}\n')).toBe(
      '{"name":"app","devDependencies":{"docsbuild":"^0.1.0"},"scripts":{"docs:dev":"docsbuild dev --content docs","docs:check":"docsbuild check --content docs"}}\n',
    );
    expect(edited('{ "name": "app", "scripts": { "test": "vitest" } }')).toBe(
      '{ "name": "app", "scripts": { "test": "vitest", "docs:dev": "docsbuild dev --content docs", "docs:check": "docsbuild check --content docs" } }',
    );
  });

  it('adds to a scripts object written on one line inside a multi-line file, on that line', () => {
    expect(edited('{\n  "name": "app",\n  "scripts": { "test": "vitest" }\n}\n')).toBe(
      '{\n  "name": "app",\n  "scripts": { "test": "vitest", "docs:dev": "docsbuild dev --content docs", "docs:check": "docsbuild check --content docs" }\n}\n',
    );
  });

  it("fills an empty scripts object of a one-line file in the file's own style", () => {
    expect(edited('{"name":"app","scripts":{}}')).toBe('{"name":"app","scripts":{"docs:dev":"docsbuild dev --content docs","docs:check":"docsbuild check --content docs"}}');
  });
});
