import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runsInContentFolder } from '../../../../cli/source/vuepress-run-folder';

describe('cli/source/vuepress-run-folder', () => {
  const folders: string[] = [];
  afterAll(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));
  const withPackage = (text: string | undefined) => {
    const folder = mkdtempSync(path.join(tmpdir(), 'docsbuild-run-folder-'));
    folders.push(folder);
    if (text !== undefined) writeFileSync(path.join(folder, 'package.json'), text);
    return folder;
  };
  const scripts = (s: Record<string, string>) => withPackage(JSON.stringify({ scripts: s }));

  it.each([
    [{ build: 'vuepress build --no-cache' }, true],
    [{ dev: 'vuepress dev', build: 'node prepare.js && vuepress build . --dest dist' }, true],
    [{ build: 'vuepress build -d ../dist' }, true],
    [{ build: 'vuepress build docs' }, false],
    [{ build: 'vuepress build src --no-cache' }, false],
    [{ build: 'vitepress build' }, false],
    [{ lint: 'eslint .' }, false],
  ])('reads %j as running in the content folder: %s', async (given, expected) => {
    expect(await runsInContentFolder(scripts(given))).toBe(expected);
  });

  it('says no without a package.json, or with one that is not JSON or has no scripts', async () => {
    expect(await runsInContentFolder(withPackage(undefined))).toBe(false);
    expect(await runsInContentFolder(withPackage('{ "scripts": '))).toBe(false);
    expect(await runsInContentFolder(withPackage('{ "name": "docs" }'))).toBe(false);
    expect(await runsInContentFolder(withPackage('{ "scripts": ["vuepress build"] }'))).toBe(false);
  });
});
