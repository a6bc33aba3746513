import { describe, expect, it } from 'vitest';
import { nameByContent } from '../../../../../cli/features/viewer/content-names';
import { HASH_SOURCE } from '../../../../../cli/output/layout';

const bytes = (text: string) => Buffer.from(text, 'utf8');
const text = (files: ReadonlyMap<string, Uint8Array>, name: string) => Buffer.from(files.get(name)!).toString('utf8');

/** A bundle as esbuild names it, with `hashes` standing for where the sources were. */
function bundle(hashes: { main: string; chunk: string; lazy: string }, lazyText = 'export const lazy=1;') {
  const { main, chunk, lazy } = hashes;
  return new Map<string, Uint8Array>([
    [`assets/main.${main}.js`, bytes(`import{a}from"/docs/assets/chunk.${chunk}.js";import("/docs/assets/chunk.${lazy}.js");\n/*! For license information please see /docs/assets/main.${main}.js.LEGAL.txt */\n`)],
    [`assets/main.${main}.js.LEGAL.txt`, bytes('MIT: react\n')],
    [`assets/chunk.${chunk}.js`, bytes('export const a=1;')],
    [`assets/chunk.${lazy}.js`, bytes(lazyText)],
    ['assets/main.AAAAAAAA.css', bytes('body{color:red}')],
  ]);
}

describe('cli/features/viewer/content-names', () => {
  it('gives byte-identical files the same names whatever hashes esbuild gave them', () => {
    const here = nameByContent(bundle({ main: 'U54PBGT5', chunk: '5I5O77MY', lazy: 'BZKTYOEW' }));
    const there = nameByContent(bundle({ main: 'IBLLBN2B', chunk: 'KN6P3UZD', lazy: 'CRTQQWQH' }));
    expect([...there.files.keys()]).toEqual([...here.files.keys()]);
    for (const [name, content] of here.files) expect(Buffer.from(there.files.get(name)!).equals(Buffer.from(content))).toBe(true);
    for (const name of here.files.keys()) expect(name).toMatch(new RegExp(`^assets/[a-z]+\\.${HASH_SOURCE}\\.`));
  });

  it('rewrites every name inside the files, and keeps a licence list beside its script', () => {
    const { files, renamed } = nameByContent(bundle({ main: 'U54PBGT5', chunk: '5I5O77MY', lazy: 'BZKTYOEW' }));
    const main = renamed.get('assets/main.U54PBGT5.js')!;
    const chunk = renamed.get('assets/chunk.5I5O77MY.js')!;
    const lazy = renamed.get('assets/chunk.BZKTYOEW.js')!;
    expect(renamed.get('assets/main.U54PBGT5.js.LEGAL.txt')).toBe(`${main}.LEGAL.txt`);
    expect(text(files, main)).toBe(`import{a}from"/docs/${chunk}";import("/docs/${lazy}");\n/*! For license information please see /docs/${main}.LEGAL.txt */\n`);
    expect(new Set([main, chunk, lazy]).size).toBe(3);
    expect(text(files, `${main}.LEGAL.txt`)).toBe('MIT: react\n');
  });

  it('renames a script when a chunk it imports changes, and leaves files that do not reach it alone', () => {
    const before = nameByContent(bundle({ main: 'U54PBGT5', chunk: '5I5O77MY', lazy: 'BZKTYOEW' }));
    const after = nameByContent(bundle({ main: 'U54PBGT5', chunk: '5I5O77MY', lazy: 'BZKTYOEW' }, 'export const lazy=2;'));
    expect(after.renamed.get('assets/chunk.BZKTYOEW.js')).not.toBe(before.renamed.get('assets/chunk.BZKTYOEW.js'));
    expect(after.renamed.get('assets/main.U54PBGT5.js')).not.toBe(before.renamed.get('assets/main.U54PBGT5.js'));
    expect(after.renamed.get('assets/chunk.5I5O77MY.js')).toBe(before.renamed.get('assets/chunk.5I5O77MY.js'));
    expect(after.renamed.get('assets/main.AAAAAAAA.css')).toBe(before.renamed.get('assets/main.AAAAAAAA.css'));
  });

  it('tells apart two chunks that differ only in which of two others they import', () => {
    const files = new Map<string, Uint8Array>([
      ['assets/chunk.AAAAAAAA.js', bytes('export const x=1;')],
      ['assets/chunk.BBBBBBBB.js', bytes('export const x=2;')],
      ['assets/one.CCCCCCCC.js', bytes('import"./chunk.AAAAAAAA.js";')],
      ['assets/one.DDDDDDDD.js', bytes('import"./chunk.BBBBBBBB.js";')],
    ]);
    const { renamed } = nameByContent(files);
    expect(renamed.get('assets/one.CCCCCCCC.js')).not.toBe(renamed.get('assets/one.DDDDDDDD.js'));
  });

  it('takes two chunks that import each other', () => {
    const files = new Map<string, Uint8Array>([
      ['assets/chunk.AAAAAAAA.js', bytes('import"./chunk.BBBBBBBB.js";export const a=1;')],
      ['assets/chunk.BBBBBBBB.js', bytes('import"./chunk.AAAAAAAA.js";export const b=1;')],
    ]);
    const { files: named, renamed } = nameByContent(files);
    const a = renamed.get('assets/chunk.AAAAAAAA.js')!;
    const b = renamed.get('assets/chunk.BBBBBBBB.js')!;
    expect(text(named, a)).toBe(`import"./${b.slice('assets/'.length)}";export const a=1;`);
    expect(text(named, b)).toBe(`import"./${a.slice('assets/'.length)}";export const b=1;`);
  });
});
