import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleViewer } from '../../cli/features/viewer/bundle';
import { browserMissing, CHROMIUM, CHROMIUM_ARGS, skipBrowserTests } from './harness';

/**
 * docsbuild as a user gets it: `npm pack` (its `prepack` compiles), a fresh
 * project elsewhere installs the tarball, and everything runs from there
 * through `npx`: init, check, build, preview, a browser on the home page, and
 * a TypeScript script against the published types.
 */
const ROOT = path.resolve(__dirname, '../..');
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');
/** What `npm pack` must keep out of the tarball, and what it takes to pack: the rest of the repository is copied. */
const NOT_COPIED = new Set(['node_modules', 'build', 'dist', 'content', 'tests', '.git', '.ci']);
/** The goal for the package itself, dependencies apart. */
const MAX_UNPACKED_BYTES = 2 * 1024 * 1024;

/**
 * The environment of a user's shell: none of the npm_* variables `npm test`
 * sets (npm_config_local_prefix would point the project's npm at this
 * repository), and no NODE_ENV from the test runner.
 */
function userEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^npm_/i.test(key) && key !== 'INIT_CWD' && key !== 'NODE_ENV' && key !== 'VITEST' && !key.startsWith('VITEST_')) env[key] = value;
  }
  return { ...env, NO_COLOR: '1', npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };
}

function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', input: '', env: userEnv(), timeout: 180_000 });
  const output = `$ ${command} ${args.join(' ')}\n${result.stdout}${result.stderr}${result.error ? String(result.error) : ''}`;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, output };
}

/** Starts a docsbuild server of the installed package in the project; resolves with the address it prints. */
function startServer(project: string, args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const bin = path.join(project, 'node_modules/docsbuild/build/bin.js');
  const child = spawn(process.execPath, [bin, ...args, '--port', '0', '--host', '127.0.0.1'], { cwd: project, env: userEnv(), stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let said = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      const found = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(said);
      if (found) resolve({ child, url: found[1]! });
    });
    child.on('exit', (code) => reject(new Error(`docsbuild ${args[0]} exited (${code}): ${said}`)));
  });
}

function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

interface PackResult {
  filename: string;
  unpackedSize: number;
  files: { path: string }[];
}

describe('the npm package, installed in a project of its own', () => {
  let work: string;
  let project: string;
  let pack: PackResult;
  let server: ChildProcess | undefined;
  let browser: Browser | undefined;

  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'docsbuild-package-'));
    // Packed from a copy: `prepack` recompiles build/, which the other test files are using.
    const source = path.join(work, 'source');
    cpSync(ROOT, source, { recursive: true, filter: (from) => path.dirname(from) !== ROOT || !NOT_COPIED.has(path.basename(from)) });
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(source, 'node_modules'), 'dir');
    const packed = run('npm', ['pack', '--json', '--pack-destination', work], source);
    expect(packed.status, packed.output).toBe(0);
    pack = (JSON.parse(packed.stdout.slice(packed.stdout.search(/^\[/m))) as PackResult[])[0]!;

    project = path.join(work, 'project');
    mkdirSync(project);
    writeFileSync(path.join(project, 'package.json'), `${JSON.stringify({ name: 'acme-widgets', private: true, type: 'module' }, null, 2)}\n`);
    // Every dependency is in the npm cache after this repository's `npm ci`; the registry is asked only for what is not.
    const installed = run('npm', ['install', '--prefer-offline', '--save-dev', path.join(work, pack.filename)], project);
    expect(installed.status, installed.output).toBe(0);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await stop(server);
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('packs the compiled CLI, the viewer sources, the schemas and the types, and no tests or content', () => {
    const files = pack.files.map((f) => f.path);
    for (const file of ['build/bin.js', 'build/cli.js', 'build/index.js', 'build/worker.js', 'build/types/cli/index.d.ts', 'viewer/main.tsx', 'viewer/dev/main.tsx', 'shared/paths.ts', 'schema/manifest.ts', 'package.json', 'README.md']) {
      expect(files, file).toContain(file);
    }
    expect(files.filter((f) => /^(tests|content|scripts|node_modules)\/|^build\/(bench|lighthouse|write-for-tests)|\.map$/.test(f))).toEqual([]);
    expect(pack.unpackedSize).toBeLessThan(MAX_UNPACKED_BYTES);
  });

  it('init, check and build run through npx from the project, with the cache in its node_modules', () => {
    const npx = (...args: string[]) => run('npx', ['--no', 'docsbuild', ...args], project);
    const init = npx('init', 'docs');
    expect(init.status, init.output).toBe(0);
    const scripts = (JSON.parse(readFileSync(path.join(project, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(Object.keys(scripts)).toEqual(['docs:dev', 'docs:build', 'docs:check']);

    const check = npx('check', '--content', 'docs');
    expect(check.status, check.output).toBe(0);
    expect(check.stderr).toContain('No problems in 2 pages.');
    const build = npx('build', '--content', 'docs', '--out', 'site');
    expect(build.status, build.output).toBe(0);
    expect(existsSync(path.join(project, 'site/index.html'))).toBe(true);
    expect(existsSync(path.join(project, 'node_modules/.cache/docsbuild'))).toBe(true);
  }, 120_000);

  it("bundles the same viewer files under the same names as the repository's own build (names never depend on where docsbuild is installed)", async () => {
    const html = readFileSync(path.join(project, 'site/index.html'), 'utf8');
    const [, base, script] = /<script type="module" src="(\/[^"]*?)(assets\/main\.[^"]+\.js)"/.exec(html) ?? [];
    expect(script, 'the entry script').toBeDefined();
    const ours = await bundleViewer({ base: base! });
    expect(ours.script).toBe(script);
    for (const [name, bytes] of ours.files) expect(readFileSync(path.join(project, 'site', name)).equals(Buffer.from(bytes)), name).toBe(true);
  }, 60_000);

  it.skipIf(skipBrowserTests)('serves the site with docsbuild preview, and its home page renders and hydrates in Chromium', async () => {
    if (browserMissing) throw new Error(`${CHROMIUM} is missing: the browser tests cannot run. Install it with: apt-get install -y chromium`);
    const preview = await startServer(project, ['preview', '--out', 'site']);
    server = preview.child;
    const url = preview.url;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
    const context = await browser.newContext();
    await context.route((u) => u.hostname !== '127.0.0.1', (route) => route.abort());
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(url);
    await expect.poll(() => page.locator('html').getAttribute('data-viewer'), { timeout: 15_000 }).toBe('ready');
    expect(await page.locator('main h1').first().textContent()).toBe('acme-widgets');
    await page.getByRole('link', { name: 'The guide' }).click();
    await expect.poll(() => page.locator('main h1').first().textContent(), { timeout: 15_000 }).toBe('Writing pages');
    expect(errors).toEqual([]);
    await stop(server);
  }, 60_000);

  it('dev serves the site from the project, with the viewer bundled from the installed package', async () => {
    const dev = await startServer(project, ['dev', '--content', 'docs']);
    server = dev.child;
    const home = await fetch(dev.url);
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain('<h1');
    expect(html).toContain('<title>acme-widgets</title>');
    const script = /<script type="module" src="([^"]+)"/.exec(html)?.[1];
    expect(script, 'the dev entry script').toBeDefined();
    expect((await fetch(new URL(script!, dev.url))).status).toBe(200);
    await stop(server);
  }, 60_000);

  it('type-checks a script against the published types: the README example and defineConfig', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const example = /### From a script: the library API[\s\S]*?```ts\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(example, 'README: the library example').toBeDefined();
    const script = `${example}
import { defineConfig, type Diagnostic, type Manifest, type PageRecord, type SiteConfig } from 'docsbuild';

export const toolConfig = defineConfig({ content: 'docs', out: 'site' });
const content: string | undefined = toolConfig.content;
const manifest: Manifest | undefined = result.manifest;
const first: PageRecord | undefined = manifest?.pages[0];
const headers: number[] | undefined = first?.headers.map((h) => h.level);
const base: SiteConfig['base'] = config.root;
const problems: Diagnostic[] = result.diagnostics;
// The types are real, not any: a wrong mode and an unknown page field are errors.
// @ts-expect-error mode is 'build' or 'check'
void build(config, { mode: 'publish' });
// @ts-expect-error a page record has no such field
void first?.body;
export { content, headers, base, problems };
`;
    mkdirSync(path.join(project, 'scripts'), { recursive: true });
    writeFileSync(path.join(project, 'scripts/docs.ts'), script);
    const tsconfig = {
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        noEmit: true,
        // The libraries' own declarations are not this test's to check (and cost 20 s more);
        // --listFiles below shows every declaration of ours, and those it imports, were resolved.
        skipLibCheck: true,
        types: ['node'],
        typeRoots: [path.join(ROOT, 'node_modules/@types')],
      },
      files: ['scripts/docs.ts'],
    };
    writeFileSync(path.join(project, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`);
    const typecheck = run(process.execPath, [TSC, '-p', 'tsconfig.json', '--listFiles'], project);
    expect(typecheck.status, typecheck.output).toBe(0);
    const inProgram = new Set(typecheck.stdout.split('\n').map((line) => path.relative(project, line.trim()).split(path.sep).join('/')));
    const declarations = pack.files.map((f) => f.path).filter((f) => f.endsWith('.d.ts'));
    expect(declarations.length).toBeGreaterThan(10);
    for (const file of declarations) expect(inProgram.has(`node_modules/docsbuild/${file}`), `${file} is not reached from the package's types`).toBe(true);
    // The libraries our declarations import (an import that does not resolve would quietly be `any`).
    for (const library of ['@types/mdast', 'zod', 'yaml', 'hast-util-sanitize']) {
      expect([...inProgram].some((file) => file.startsWith(`node_modules/${library}/`)), `${library} did not resolve`).toBe(true);
    }
  }, 60_000);
});
