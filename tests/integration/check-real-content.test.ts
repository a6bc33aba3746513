import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const BIN = path.join(ROOT, 'build/bin.js');

/**
 * Writers' CI gate on the real site: inject many defects at once into a copy
 * of content/ and expect every one reported at its file and line, in one run.
 */
describe('docsbuild check on a damaged copy of content/', () => {
  let work: string;
  const lineCount = (file: string) => readFileSync(file, 'utf8').split('\n').length;
  /** Appends text to a page and returns the 1-based line its first line lands on. */
  const append = (relative: string, text: string): number => {
    const file = path.join(work, 'content', relative);
    const before = readFileSync(file, 'utf8');
    const start = lineCount(file) + (before.endsWith('\n') ? 0 : 1);
    appendFileSync(file, `${before.endsWith('\n') ? '' : '\n'}${text}`);
    return start;
  };
  const expected: { code: string; file: string; line: number }[] = [];

  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'docsbuild-damaged-'));
    cpSync(path.join(ROOT, 'content'), path.join(work, 'content'), { recursive: true });
    const at = (code: string, relative: string, line: number) => expected.push({ code, file: `content/${relative}`, line });

    at('link/dead', 'limits/README.md', append('limits/README.md', '\nSee [the old page](/limitz/).\n') + 1);
    at('link/dead-anchor', 'pricing/README.md', append('pricing/README.md', '\nSee [memory](/limits/#memroy).\n') + 1);
    at('link/dead-anchor', 'errors/README.md', append('errors/README.md', '\nJump to [top](#timeot).\n') + 1);
    at('link/through-redirect', 'workflows/README.md', append('workflows/README.md', '\nRead about [cron](/cron).\n') + 1);
    at('constant/unknown', 'code/README.md', append('code/README.md', '\nThe limit is {{ $const.MEMORY_LIMT }}.\n') + 1);
    at('markdown/unclosed-container', 'cli/install/README.md', append('cli/install/README.md', '\n::: tip\nNever closed.\n') + 1);
    at('link/missing-file', 'sources/README.md', append('sources/README.md', '\n![diagram](./diagram.png)\n') + 1);
    at('link/dead', 'api/rest/README.md', append('api/rest/README.md', '\n[relative](../nowhere.md)\n') + 1);

    const orgs = path.join(work, 'content/orgs/README.md');
    writeFileSync(orgs, readFileSync(orgs, 'utf8').replace(/^---\n/, '---\ntitle: 42\n'));
    at('frontmatter/invalid', 'orgs/README.md', 2);
    writeFileSync(path.join(work, 'content/status/README.md'), `---\ndescriptoin: typo\n${readFileSync(path.join(work, 'content/status/README.md'), 'utf8').replace(/^---\n/, '')}`);
    at('frontmatter/unknown-key', 'status/README.md', 2);
    writeFileSync(path.join(work, 'content/empty.md'), '');
    at('file/empty', 'empty.md', 1);
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('reports every defect at its file and line, exits 1, and prints no stack trace', () => {
    const run = spawnSync(process.execPath, [BIN, 'check', '--format', 'json'], { cwd: work, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
    const report = JSON.parse(run.stdout) as { diagnostics: { code: string; file: string; line: number }[] };
    const found = report.diagnostics.map((d) => ({ code: d.code, file: d.file, line: d.line }));
    for (const defect of expected) expect(found, `${defect.code} at ${defect.file}:${defect.line}`).toContainEqual(defect);
    // Nothing else: no cascade (a page with bad frontmatter still exists for links), untouched pages stay clean.
    const unexpected = found.filter((d) => !expected.some((e) => e.code === d.code && e.file === d.file && e.line === d.line));
    expect(unexpected).toEqual([]);
  });
});
