import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toolVersionOf } from '../../../../cli/config';
import { installedPackages, packageDirOf } from '../../../../cli/support/installed-packages';

let root: string;
const manifest = (dir: string, json: object) => {
  mkdirSync(path.join(root, dir), { recursive: true });
  writeFileSync(path.join(root, dir, 'package.json'), JSON.stringify(json));
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'docsbuild-packages-'));
  // The tool needs a and b; a has its own copy of c, b takes the hoisted one; d is optional and absent.
  manifest('.', { name: 'tool', dependencies: { a: '^1', b: '^1' }, optionalDependencies: { d: '^1' } });
  manifest('node_modules/a', { name: 'a', version: '1.0.0', dependencies: { c: '^2' } });
  manifest('node_modules/a/node_modules/c', { name: 'c', version: '2.1.0' });
  manifest('node_modules/b', { name: 'b', version: '1.4.0', dependencies: { c: '^1', '@s/e': '^3' } });
  manifest('node_modules/c', { name: 'c', version: '1.9.0' });
  manifest('node_modules/@s/e', { name: '@s/e', version: '3.0.0', peerDependencies: { b: '*' } });
  manifest('node_modules/devonly', { name: 'devonly', version: '5.0.0' });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('installedPackages', () => {
  it('lists every run-time dependency, nested copies included, as Node would find them', () => {
    expect(installedPackages(root)).toEqual(['@s/e@3.0.0', 'a@1.0.0', 'b@1.4.0', 'c@1.9.0', 'c@2.1.0', 'd@missing']);
  });

  it('finds the package a compiled file belongs to', () => {
    mkdirSync(path.join(root, 'build'));
    expect(packageDirOf(path.join(root, 'build'))).toBe(root);
  });

  it('gives the tool another version when a nested dependency is updated, and the same one otherwise', () => {
    mkdirSync(path.join(root, 'build'));
    const cli = path.join(root, 'build', 'cli.js');
    writeFileSync(cli, 'cli');
    const before = toolVersionOf(cli);
    expect(toolVersionOf(cli)).toBe(before);
    // A package the tool does not depend on changes nothing.
    manifest('node_modules/devonly', { name: 'devonly', version: '6.0.0' });
    expect(toolVersionOf(cli)).toBe(before);
    manifest('node_modules/a/node_modules/c', { name: 'c', version: '2.2.0' });
    expect(toolVersionOf(cli)).not.toBe(before);
  });

  it('takes an unreadable package.json as no package rather than failing', () => {
    writeFileSync(path.join(root, 'node_modules/b/package.json'), '{ not json');
    // b is then not found where Node would look, and what only b needed is not listed.
    expect(installedPackages(root)).toEqual(['a@1.0.0', 'b@missing', 'c@2.1.0', 'd@missing']);
  });
});
