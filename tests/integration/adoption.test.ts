import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES } from '../helpers/build-fixture';

const BIN = path.resolve(__dirname, '../../build/bin.js');

/** Runs the compiled CLI (npm test compiles it first) in a folder. */
function docsbuild(args: string[], cwd: string) {
  const run = spawnSync(process.execPath, [BIN, ...args, '--no-cache'], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

interface JsonReport {
  summary: { errors: number; warnings: number; pages: number; baselined: number; fixed: number };
  diagnostics: { code: string; severity: string; file: string; line: number; baselined: boolean }[];
}
const json = (dir: string, ...args: string[]) => JSON.parse(docsbuild(['check', '--format', 'json', ...args], dir).stdout) as JsonReport;

/**
 * README "Adopting docsbuild on an existing site", end to end: a site with a
 * backlog of 75 problems (tests/fixtures/backlog) fails, goes green with one
 * --update-baseline, builds with its dead links inert, and fails again on
 * one new dead link, and only on that one.
 */
// Each step runs the CLI a few times (a second or two each on a busy machine).
describe('adopting docsbuild on a site with a backlog (CLI)', { timeout: 120_000 }, () => {
  let work: string;
  let dir: string;
  const baselineFile = () => path.join(dir, 'docsbuild-baseline.json');
  const install = () => path.join(dir, 'content/guide/install.md');

  beforeAll(() => {
    expect(existsSync(BIN), 'build/bin.js missing: run npm run compile').toBe(true);
    work = mkdtempSync(path.join(tmpdir(), 'docsbuild-adoption-'));
    dir = path.join(work, 'site');
    cpSync(path.join(FIXTURES, 'backlog', 'content'), path.join(dir, 'content'), { recursive: true });
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('fails on the backlog: 50+ problems of many codes, errors and warnings', () => {
    const run = docsbuild(['check'], dir);
    expect(run.status).toBe(1);
    const report = json(dir);
    expect(report.diagnostics.length).toBeGreaterThanOrEqual(50);
    expect(new Set(report.diagnostics.map((d) => d.code)).size).toBeGreaterThanOrEqual(10);
    expect(report.summary.errors).toBeGreaterThan(0);
    expect(report.summary.warnings).toBeGreaterThan(0);
    expect(report.diagnostics.every((d) => d.baselined === false)).toBe(true);
    expect(docsbuild(['build'], dir).status).toBe(1);
    expect(existsSync(path.join(dir, 'dist'))).toBe(false);
  });

  it('goes green with one --update-baseline, which writes every problem, sorted', () => {
    const total = json(dir).diagnostics.length;
    const update = docsbuild(['check', '--update-baseline'], dir);
    expect(update.status).toBe(0);
    expect(update.stderr).toContain('Wrote docsbuild-baseline.json.');
    const written = JSON.parse(readFileSync(baselineFile(), 'utf8')) as { version: number; problems: { file: string; code: string; text: string; occurrence: number }[] };
    expect(written.version).toBe(1);
    expect(written.problems).toHaveLength(total);
    const keys = written.problems.map((p) => [p.file, p.code, p.text, String(p.occurrence).padStart(4, '0')].join('\u0000'));
    expect(keys).toEqual([...keys].sort());

    const files = new Set(written.problems.map((p) => p.file)).size;
    const check = docsbuild(['check'], dir);
    expect(check.status).toBe(0);
    expect(check.stderr).toBe(`No problems in 12 pages.\n${total} known problems in ${files} files, see docsbuild-baseline.json.\n`);
    expect(docsbuild(['check', '--strict', '--max-warnings', '0'], dir).status).toBe(0);
  });

  it('writes the same bytes again, and a plain check never rewrites it', () => {
    const before = readFileSync(baselineFile(), 'utf8');
    const modified = statSync(baselineFile()).mtimeMs;
    docsbuild(['check'], dir);
    expect(statSync(baselineFile()).mtimeMs).toBe(modified);
    expect(docsbuild(['check', '--update-baseline'], dir).status).toBe(0);
    expect(readFileSync(baselineFile(), 'utf8')).toBe(before);
  });

  it('builds a site whose only problems are baselined: exit 0, dist written, dead links inert', () => {
    const run = docsbuild(['build'], dir);
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(/Built 12 pages into dist\//);
    const html = readFileSync(path.join(dir, 'dist/guide/install.html'), 'utf8');
    expect(html).toContain('<span title="Broken link: /downloads/">downloads page</span>');
    expect(html).not.toContain('href="/downloads/"');
    const chunks = readdirSync(path.join(dir, 'dist/assets/pages')).map((name) => readFileSync(path.join(dir, 'dist/assets/pages', name), 'utf8'));
    expect(chunks.join('\n')).not.toMatch(/href=\\"\/(downloads|quickstart|upgrade|tools)\//);
    expect(readFileSync(path.join(dir, 'dist/guide/install.md'), 'utf8')).toContain('Download {{ $const.PRODCT }} from the downloads page.');
    const manifest = JSON.parse(readFileSync(path.join(dir, 'dist/pages.json'), 'utf8')) as { site: { nav: { link?: string }[] } };
    expect(manifest.site.nav.map((n) => n.link)).toEqual(['/guide/']);
  });

  it('fails again on one new dead link, reporting only that one, though lines moved above the old ones', () => {
    const original = readFileSync(install(), 'utf8');
    writeFileSync(install(), original.replace('# Install\n', '# Install\n\nSee the [new page](/brand-new/) first.\n\nAnd a paragraph.\n'));
    const run = docsbuild(['check'], dir);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('content/guide/install.md:8:9 error link/dead');
    expect(run.stderr.match(/ (error|warning) [a-z]+\//g)).toHaveLength(1);
    expect(run.stderr).toContain('1 error, 0 warnings in 12 pages.');

    const report = json(dir);
    expect(report.diagnostics.filter((d) => !d.baselined)).toEqual([expect.objectContaining({ code: 'link/dead', line: 8 })]);
    expect(report.summary).toMatchObject({ errors: 1, warnings: 0, fixed: 0 });
    expect(report.summary.baselined).toBe(report.diagnostics.length - 1);

    const github = docsbuild(['check', '--format', 'github'], dir);
    expect(github.status).toBe(1);
    expect(github.stdout.match(/^::/gm)).toHaveLength(1);
    expect(github.stdout).toContain('::error file=content/guide/install.md,line=8,col=9,title=link/dead::');
    expect(docsbuild(['build'], dir).status).toBe(1);
    writeFileSync(install(), original);
  });

  it('says which baselined problems are fixed, and --strict fails until the baseline drops them', () => {
    const original = readFileSync(install(), 'utf8');
    writeFileSync(install(), original.replace('Run the [installer](/tools/installer/).', 'Run the installer.'));
    const run = docsbuild(['check'], dir);
    expect(run.status).toBe(0);
    expect(run.stderr).toContain('1 baselined problem is fixed: run docsbuild check --update-baseline to drop it.');
    expect(json(dir).summary.fixed).toBe(1);
    const strict = docsbuild(['check', '--strict'], dir);
    expect(strict.status).toBe(1);
    expect(strict.stderr).toContain('(--strict fails until then)');

    const before = JSON.parse(readFileSync(baselineFile(), 'utf8')) as { problems: { text: string }[] };
    expect(docsbuild(['check', '--update-baseline'], dir).status).toBe(0);
    const after = JSON.parse(readFileSync(baselineFile(), 'utf8')) as { problems: { text: string }[] };
    expect(after.problems).toHaveLength(before.problems.length - 1);
    expect(after.problems.some((p) => p.text === '/tools/installer/')).toBe(false);
    expect(docsbuild(['check', '--strict'], dir).status).toBe(0);
    writeFileSync(install(), original);
  });

  it('reads and writes another file with --baseline, and refuses one that does not exist', () => {
    const missing = docsbuild(['check', '--baseline', 'ci/known.json'], dir);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('--baseline ci/known.json does not exist');
    rmSync(baselineFile());
    expect(docsbuild(['check'], dir).status).toBe(1);
    cpSync(path.join(FIXTURES, 'backlog', 'content', 'site.yaml'), path.join(dir, 'ci', 'site.yaml'));
    expect(docsbuild(['check', '--baseline', 'ci/known.json', '--update-baseline'], dir).status).toBe(0);
    expect(existsSync(path.join(dir, 'ci/known.json'))).toBe(true);
    expect(existsSync(baselineFile())).toBe(false);
    expect(docsbuild(['check', '--baseline', 'ci/known.json'], dir).stderr).toContain('see ci/known.json.');
    expect(docsbuild(['build', '--baseline', 'ci/known.json'], dir).status).toBe(0);
  });
});
