import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../../../cli/diagnostics/diagnostic';
import type { SiteModel } from '../../../../../cli/site/model';
import type { SitePage } from '../../../../../cli/site/pages';
import { PageCheckMemory } from '../../../../../cli/site/checks/page-check-memory';
import { loadStoredChecks, saveStoredChecks } from '../../../../../cli/site/checks/stored-checks';
import { createSiteIndex, type IndexedPage } from '../../../../../cli/site/site-index';

function modelOf(paths: string[]): SiteModel {
  const pages = paths.map((p): SitePage => {
    const indexed: IndexedPage = { path: p, title: p, relativePath: `${p.slice(1)}README.md`, file: `content${p}README.md`, anchors: new Set() };
    return { summary: {} as SitePage['summary'], page: {} as SitePage['page'], indexed, at: 0 };
  });
  return { pages, index: createSiteIndex('/', pages.map((p) => p.indexed), new Map()) } as unknown as SiteModel;
}

describe('cli/site/checks/stored-checks', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('keeps the checks between processes for the same tool, and forgets them when damaged or from another tool', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'stored-checks-'));
    const model = modelOf(['/a/', '/b/']);
    let ran = 0;
    const check = (page: SitePage): Diagnostic[] => {
      ran++;
      return [{ code: 'link/dead', severity: 'error', file: page.indexed.file, line: 1, column: 1, message: 'dead', hint: '' }];
    };
    const identityOf = (page: SitePage) => `key of ${page.indexed.path}`;

    const fresh = await loadStoredChecks(dir, 'tool 1');
    const first = fresh.check(model, 'site', check, identityOf);
    await saveStoredChecks(dir, 'tool 1', fresh);
    expect(ran).toBe(2);

    const loaded = await loadStoredChecks(dir, 'tool 1');
    expect(loaded.check(model, 'site', check, identityOf)).toEqual(first);
    expect(ran).toBe(2);

    // Another tool version: checked whole.
    (await loadStoredChecks(dir, 'tool 2')).check(model, 'site', check, identityOf);
    expect(ran).toBe(4);

    // A damaged file: checked whole, no throw.
    const file = path.join(dir, 'checks.bin');
    const bytes = await readFile(file);
    bytes[bytes.length - 1]! ^= 0xff;
    await writeFile(file, bytes);
    (await loadStoredChecks(dir, 'tool 1')).check(model, 'site', check, identityOf);
    expect(ran).toBe(6);
  });

  it('writes nothing when the build changed nothing', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'stored-checks-'));
    const memory = new PageCheckMemory();
    memory.check(modelOf(['/a/']), 'site', () => [], () => 'k');
    memory.check(modelOf(['/a/']), 'site', () => [], () => 'k');
    expect(memory.changed).toBe(false);
    await saveStoredChecks(dir, 'tool 1', memory);
    await expect(readFile(path.join(dir, 'checks.bin'))).rejects.toThrow();
  });
});
