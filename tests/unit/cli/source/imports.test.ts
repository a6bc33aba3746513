import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SiteConfigSchema } from '../../../../schema/site-config';
import { importRootOf } from '../../../../cli/source/imports';

const ROOT = path.resolve('/project');
const at = (content: string) => ({ root: ROOT, contentDir: path.join(ROOT, content) });
const importRoot = (setting: string) => SiteConfigSchema.parse({ title: 'T', markdown: { importRoot: setting } }).markdown.importRoot;

describe('cli/source/imports', () => {
  it('reads an importRoot from the project root as it is written', () => {
    expect(importRootOf('shared', at('docs'))).toBe('shared');
    expect(importRootOf('', at('docs'))).toBe('');
  });

  it('reads an importRoot that starts with ".." from the content folder, whichever folder docsbuild runs in', () => {
    expect(importRootOf('..', at('project/docs'))).toBe('project');
    expect(importRootOf('..', at('docs'))).toBe('');
    expect(importRootOf('../docs', at('docs'))).toBe('docs');
    expect(importRootOf('../shared', at('packages/docs/docs'))).toBe('packages/docs/shared');
  });

  it('takes the project root for a folder above it, but keeps a content folder outside it (--content ../docs)', () => {
    expect(importRootOf('..', at(''))).toBe('');
    expect(importRootOf('../docs', at('../docs'))).toBe('../docs');
  });

  it('accepts ".." only at the start of importRoot in site.yaml', () => {
    expect(importRoot('..')).toBe('..');
    expect(importRoot('../../shared/')).toBe('../../shared');
    expect(importRoot('./docs/')).toBe('docs');
    expect(SiteConfigSchema.safeParse({ title: 'T', markdown: { importRoot: 'docs/../..' } }).success).toBe(false);
    expect(SiteConfigSchema.safeParse({ title: 'T', markdown: { importRoot: '../a/../b' } }).success).toBe(false);
    expect(SiteConfigSchema.safeParse({ title: 'T', markdown: { importRoot: '/abs' } }).success).toBe(false);
  });
});
