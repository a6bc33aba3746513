import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BIN = path.resolve(__dirname, '../../build/bin.js');

/** Runs the compiled CLI with stdin a pipe (not a terminal): init asks nothing. */
function docsbuild(args: string[], cwd: string) {
  const run = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', input: '', env: { ...process.env, NO_COLOR: '1' } });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Every file under `dir` with its bytes and modification time: "nothing written" is this unchanged. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      const name = path.relative(dir, full);
      if (entry.isDirectory()) {
        files[`${name}/`] = '';
        walk(full);
      } else files[name] = `${readFileSync(full, 'utf8')}@${statSync(full).mtimeMs}`;
    }
  };
  walk(dir);
  return files;
}

describe('docsbuild init', () => {
  let work: string;
  beforeAll(() => {
    expect(existsSync(BIN), 'build/bin.js missing: run npm run compile').toBe(true);
    work = mkdtempSync(path.join(tmpdir(), 'docsbuild-init-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const project = (name: string) => {
    const dir = path.join(work, name);
    mkdirSync(dir);
    return dir;
  };

  it('scaffolds a site in an empty folder that passes check --strict, and builds', () => {
    const dir = project('empty');
    const init = docsbuild(['init', 'docs'], dir);
    expect(init.status, init.stderr).toBe(0);
    for (const file of ['docs/site.yaml', 'docs/README.md', 'docs/guide/README.md', 'docs/public/favicon.svg', '.gitignore', '.github/workflows/docs.yml']) {
      expect(existsSync(path.join(dir, file)), file).toBe(true);
    }
    expect(existsSync(path.join(dir, 'package.json'))).toBe(false);
    expect(init.stderr).toContain('npx docsbuild dev --content docs');
    const guide = readFileSync(path.join(dir, 'docs/guide/README.md'), 'utf8');
    expect(guide).toMatch(/^::: tip$/m);
    expect(guide).toMatch(/^```bash$/m);
    expect(guide).toMatch(/^\| --- \| --- \|$/m);
    expect(guide).toContain('[the home page](/)');
    expect(readFileSync(path.join(dir, '.github/workflows/docs.yml'), 'utf8')).toMatch(/check --content docs --format github/);

    const check = docsbuild(['check', '--content', 'docs', '--strict'], dir);
    expect(check.status, check.stderr).toBe(0);
    expect(check.stderr).toContain('No problems in 2 pages.');
    const build = docsbuild(['build', '--content', 'docs', '--out', 'site', '--no-cache'], dir);
    expect(build.status, build.stderr).toBe(0);
    const home = readFileSync(path.join(dir, 'site/index.html'), 'utf8');
    expect(home).toContain('<h1');
    expect(home).toContain('<title>empty</title>');
    expect(existsSync(path.join(dir, 'site/favicon.svg'))).toBe(true);
    expect(readFileSync(path.join(dir, '.gitignore'), 'utf8')).toContain('/site/');
  });

  it('takes --title and --base without asking, and the site passes check --strict under that base', () => {
    const dir = project('flags');
    const init = docsbuild(['init', 'handbook', '--title', 'Acme Handbook', '--base', '/handbook/'], dir);
    expect(init.status, init.stderr).toBe(0);
    const yaml = readFileSync(path.join(dir, 'handbook/site.yaml'), 'utf8');
    expect(yaml).toMatch(/^title: Acme Handbook$/m);
    expect(yaml).toMatch(/^base: \/handbook\/$/m);
    const check = docsbuild(['check', '--content', 'handbook', '--strict'], dir);
    expect(check.status, check.stderr).toBe(0);
    const build = docsbuild(['build', '--content', 'handbook', '--out', 'site', '--no-cache'], dir);
    expect(build.status, build.stderr).toBe(0);
    const home = readFileSync(path.join(dir, 'site/index.html'), 'utf8');
    expect(home).toContain('<title>Acme Handbook</title>');
    expect(home).toContain('href="/handbook/favicon.svg"');
  });

  it('refuses existing files: lists every clash, exits 2, writes nothing', () => {
    const dir = project('clashes');
    mkdirSync(path.join(dir, 'docs/guide'), { recursive: true });
    writeFileSync(path.join(dir, 'docs/README.md'), '# Mine\n');
    writeFileSync(path.join(dir, 'docs/guide/README.md'), '# Also mine\n');
    mkdirSync(path.join(dir, '.github/workflows'), { recursive: true });
    writeFileSync(path.join(dir, '.github/workflows/docs.yml'), 'name: mine\n');
    writeFileSync(path.join(dir, '.gitignore'), 'node_modules/\n');
    const before = snapshot(dir);
    const init = docsbuild(['init', 'docs', '--title', 'X'], dir);
    expect(init.status).toBe(2);
    expect(init.stderr).toContain('never overwrites anything; these are in the way:');
    for (const clash of ['docs/README.md', 'docs/guide/README.md', '.github/workflows/docs.yml']) expect(init.stderr).toContain(`  ${clash}\n`);
    expect(init.stderr).not.toContain('docs/site.yaml');
    expect(init.stderr).toContain('Nothing was written.');
    expect(snapshot(dir)).toEqual(before);
  });

  it('adds docs:dev, docs:build and docs:check to a package.json, keeping its formatting; a script of the same name is a clash', () => {
    const dir = project('package');
    const packageJson = '{\n    "name": "widgets",\n    "scripts": {\n        "test": "vitest"\n    },\n    "devDependencies": { "docsbuild": "^0.1.0" }\n}\n';
    writeFileSync(path.join(dir, 'package.json'), packageJson);
    const init = docsbuild(['init', 'docs'], dir);
    expect(init.status, init.stderr).toBe(0);
    expect(readFileSync(path.join(dir, 'package.json'), 'utf8')).toBe(
      '{\n    "name": "widgets",\n    "scripts": {\n        "test": "vitest",\n' +
        '        "docs:dev": "docsbuild dev --content docs",\n' +
        '        "docs:build": "docsbuild build --content docs --out site",\n' +
        '        "docs:check": "docsbuild check --content docs"\n' +
        '    },\n    "devDependencies": { "docsbuild": "^0.1.0" }\n}\n',
    );
    expect(readFileSync(path.join(dir, '.github/workflows/docs.yml'), 'utf8')).toContain('npm run docs:check -- --format github');
    expect(readFileSync(path.join(dir, 'docs/site.yaml'), 'utf8')).toMatch(/^title: widgets$/m);
    expect(init.stderr).toContain('npm run docs:dev');

    const other = project('package-clash');
    const mine = '{\n  "name": "app",\n  "scripts": { "docs:build": "vitepress build docs" }\n}\n';
    writeFileSync(path.join(other, 'package.json'), mine);
    const before = snapshot(other);
    const refused = docsbuild(['init', 'docs'], other);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('  package.json: scripts.docs:build\n');
    expect(snapshot(other)).toEqual(before);
  });

  it('refuses a bad --base or a package.json that is not JSON, with exit 2 and nothing written', () => {
    const dir = project('bad');
    expect(docsbuild(['init', 'docs', '--base', 'docs'], dir).status).toBe(2);
    writeFileSync(path.join(dir, 'package.json'), '{ "name": ');
    const run = docsbuild(['init', 'docs'], dir);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('package.json is not valid JSON');
    expect(readdirSync(dir)).toEqual(['package.json']);
  });
});
