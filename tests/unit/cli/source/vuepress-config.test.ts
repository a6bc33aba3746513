import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runVuepressConfig } from '../../../../cli/source/vuepress-config';

describe('cli/source/vuepress-config', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'docsbuild-vpconfig-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const run = async (name: string, text: string, limit?: number) => {
    const absolute = path.join(dir, name);
    await writeFile(absolute, text);
    return runVuepressConfig(absolute, text, limit);
  };

  it('returns a CommonJS config as data, code marked as code', async () => {
    const result = await run('config.js', "const path = require('path');\nmodule.exports = { title: path.basename('/a/Site'), themeConfig: { fn() {} }, re: /x/ };\n");
    expect(result).toEqual({ value: { title: 'Site', themeConfig: { fn: { $code: 'function' } }, re: { $code: 'regexp' } } });
  });

  it('reads export default from TypeScript and ES modules', async () => {
    expect(await run('config.ts', "const t: string = 'T';\nexport default { title: t };\n")).toEqual({ value: { title: 'T' } });
    expect(await run('config.mjs', "export default { title: 'M' };\n")).toEqual({ value: { title: 'M' } });
  });

  it('reports a throwing config with its message and the line in the config, TypeScript included', async () => {
    expect(await run('throws.js', "module.exports = {\n  title: 'x',\n  base: nothing.base,\n};\n")).toEqual({
      failure: { message: 'nothing is not defined', line: 3, column: 9 },
    });
    const ts = await run('throws.ts', "type X = string;\nconst a: X = 'a';\nexport default {\n  dest: (() => { throw new Error('no dest'); })(),\n};\n");
    expect(ts.failure).toMatchObject({ message: 'no dest', line: 4 });
  });

  it('reports a syntax error at its line', async () => {
    const result = await run('syntax.js', "module.exports = {\n  title: 'x'\n  base: '/'\n};\n");
    expect(result.failure?.line).toBe(3);
    expect(result.value).toBeUndefined();
  });

  it('answers a package that is not installed with a stand-in, names it, and keeps the data around it', async () => {
    const text = [
      "import include from 'docsbuild-absent-include';",
      "const tabs = require('docsbuild-absent-tabs');",
      'export default {',
      "  title: 'Charts',",
      "  plugins: [tabs, ['docsbuild-absent-search', { limit: 5 }]],",
      '  markdown: { extendMarkdown: (md) => md.use(include) },',
      "  themeConfig: { nav: [{ text: 'Guide', link: '/guide/' }], extra: tabs.options.deep(), ...include },",
      '};',
    ].join('\n');
    const result = await run('absent.ts', text);
    expect(result.standIns).toEqual([{ name: 'docsbuild-absent-include' }, { name: 'docsbuild-absent-tabs' }]);
    expect(result.value).toEqual({
      title: 'Charts',
      plugins: [{ $code: 'function' }, ['docsbuild-absent-search', { limit: 5 }]],
      markdown: { extendMarkdown: { $code: 'function' } },
      themeConfig: { nav: [{ text: 'Guide', link: '/guide/' }], extra: { $code: 'function' } },
    });
  });

  it('still fails on a missing relative file, and a config that awaits a stand-in finishes', async () => {
    expect((await run('relative.js', "module.exports = require('./sidebar-that-is-not-there');\n")).failure?.message).toMatch(/Cannot find module/);
    const thenable = await run('thenable.js', "module.exports = async () => ({ title: 'T', x: await require('docsbuild-absent-async') });\n", 5000);
    expect(thenable).toEqual({ value: { title: 'T', x: { $code: 'function' } }, standIns: [{ name: 'docsbuild-absent-async' }] });
  });

  it('lets a stand-in be used as text, a number or a list, as the modules a config requires use their packages', async () => {
    const text = "const p = require('docsbuild-absent-meta');\nmodule.exports = { title: `Rules ${p.version}`, count: p.count * 2, list: [...p.rules], plugins: Array.from(p.plugins) };\n";
    expect(await run('primitive.js', text)).toEqual({ value: { title: 'Rules ', count: null, list: [], plugins: [] }, standIns: [{ name: 'docsbuild-absent-meta' }] });
  });

  it('reports an error thrown in a module the config requires at the config line that requires it, with where it was thrown and the packages stood in', async () => {
    // Twelve modules deep: deeper than a default stack trace, which would lose the config's own line.
    for (let depth = 1; depth <= 12; depth++) {
      const next = depth === 12 ? "const parser = require('docsbuild-absent-parser');\nmodule.exports = require('path').basename(parser.file);\n" : `module.exports = require('./deep-${depth + 1}.js');\n`;
      await writeFile(path.join(dir, `deep-${depth}.js`), next);
    }
    const result = await run('deep.js', "'use strict'\n\nconst rules = require('./deep-1.js');\nmodule.exports = { title: rules };\n");
    expect(result.failure).toMatchObject({ message: expect.stringMatching(/"path" argument must be of type string/), line: 3, thrownIn: expect.stringMatching(/(^|\/)deep-12\.js:2$/) });
    // The package the twelfth module requires: placed where that chain starts in the config, naming the module that required it.
    expect(result.standIns).toEqual([{ name: 'docsbuild-absent-parser', line: 3, column: 15, requiredIn: expect.stringMatching(/(^|\/)deep-12\.js:1$/) }]);
    // A throw in the config itself names no other file.
    expect((await run('own.js', "throw new Error('own');\n")).failure).toEqual({ message: 'own', line: 1, column: 7 });
  });

  it('stops a config that never finishes', async () => {
    const result = await run('hang.js', 'for (;;) {}\n', 1500);
    expect(result.failure?.message).toMatch(/did not finish within 1.5 s/);
  });
});
