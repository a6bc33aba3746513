import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runInit, type InitIo } from '../../../../cli/init/command';
import { UsageError } from '../../../../cli/support/errors';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'docsbuild-init-unit-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function io(answers?: string[]): InitIo & { lines: string[]; asked: string[] } {
  const lines: string[] = [];
  const asked: string[] = [];
  return {
    cwd: dir,
    lines,
    asked,
    version: '9.9.9',
    log: (line) => lines.push(line),
    ask: answers && (async (question) => (asked.push(question), answers.shift() ?? '')),
  };
}

const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');

describe('docsbuild init (runInit)', () => {
  it('on a terminal, asks for the title and the base, again after an answer that is not a base', async () => {
    const terminal = io(['Acme Handbook', 'docs', '/handbook/']);
    await runInit('docs', {}, terminal);
    expect(terminal.asked).toHaveLength(3);
    expect(terminal.lines.join('\n')).toContain('must start and end with "/"');
    expect(read('docs/site.yaml')).toMatch(/^title: Acme Handbook$/m);
    expect(read('docs/site.yaml')).toMatch(/^base: \/handbook\/$/m);
    expect(read('docs/site.yaml')).toContain('href: /handbook/favicon.svg');
  });

  it('asks only what the flags leave open; an empty answer takes the default (the project name)', async () => {
    writeFileSync(path.join(dir, 'package.json'), '{ "name": "@acme/widgets" }\n');
    const terminal = io(['']);
    await runInit('docs', { base: '/docs/' }, terminal);
    expect(terminal.asked).toEqual([expect.stringContaining('Site title (widgets)')]);
    expect(read('docs/site.yaml')).toMatch(/^title: widgets$/m);
  });

  it('asks nothing without a terminal, and quotes a title YAML would misread', async () => {
    await runInit('docs', { title: 'Docs: the #1 "guide"' }, io());
    const yaml = read('docs/site.yaml');
    expect(yaml).toMatch(/^title: 'Docs: the #1 "guide"'$/m);
    expect(yaml).toMatch(/^base: \/$/m);
  });

  it('without a package.json, writes npx commands and a workflow that pins this version', async () => {
    const log = io();
    await runInit('website/docs', {}, log);
    expect(read('.github/workflows/docs.yml')).toContain('npx --yes docsbuild@9.9.9 check --content website/docs --format github --strict');
    expect(read('.github/workflows/docs.yml')).not.toContain('npm ci');
    expect(read('.gitignore')).toBe('node_modules/\n/website/site/\n');
    expect(log.lines.join('\n')).toContain('npx docsbuild build --content website/docs --out website/site');
  });

  it('appends the output folder to an existing .gitignore once, keeping the rest', async () => {
    writeFileSync(path.join(dir, '.gitignore'), 'node_modules\n*.log');
    await runInit('docs', {}, io());
    expect(read('.gitignore')).toBe('node_modules\n*.log\n/site/\n');
    rmSync(path.join(dir, 'docs'), { recursive: true });
    rmSync(path.join(dir, '.github'), { recursive: true });
    await runInit('docs', {}, io());
    expect(read('.gitignore')).toBe('node_modules\n*.log\n/site/\n');
  });

  it('refuses a folder that is the project itself or outside it, and a bad --title or --base, writing nothing', async () => {
    for (const [target, flags] of [['.', {}], ['../elsewhere', {}], ['docs', { base: 'docs' }], ['docs', { title: ' ' }]] as const) {
      await expect(runInit(target, flags, io())).rejects.toBeInstanceOf(UsageError);
    }
    expect(tree()).toEqual([]);
  });

  it('lists a file standing where a folder must go as a clash', async () => {
    mkdirSync(path.join(dir, 'docs'));
    writeFileSync(path.join(dir, 'docs', 'guide'), 'a file');
    await expect(runInit('docs', {}, io())).rejects.toThrow(/docs\/guide \(a file, where init needs a folder\)/);
    expect(tree()).toEqual(['docs', 'docs/guide']);
  });
});

/** Every file and folder under the project, relative. */
function tree(): string[] {
  const found: string[] = [];
  const walk = (folder: string, prefix: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      found.push(`${prefix}${entry.name}`);
      if (entry.isDirectory()) walk(path.join(folder, entry.name), `${prefix}${entry.name}/`);
    }
  };
  walk(dir, '');
  return found.sort();
}

describe('docsbuild init into a folder that is not empty', () => {
  it('refuses it, listing its files (the first ten, then a count), even where no name clashes; an empty one or one with only .gitkeep is fine', async () => {
    mkdirSync(path.join(dir, 'docs/.vitepress'), { recursive: true });
    writeFileSync(path.join(dir, 'docs/index.md'), '# Home\n');
    writeFileSync(path.join(dir, 'docs/.vitepress/config.mts'), 'export default {}\n');
    for (let i = 0; i < 12; i++) writeFileSync(path.join(dir, `docs/page-${String(i).padStart(2, '0')}.md`), `# ${i}\n`);
    const refused = await runInit('docs', {}, io()).catch((error: Error) => error.message);
    expect(refused).toContain('  docs/.vitepress/config.mts\n  docs/index.md\n  docs/page-00.md\n');
    expect(refused).toContain('  docs/… and 4 more (init needs a new or empty folder)\n');
    expect(refused).not.toContain('page-11');
    expect(tree().filter((f) => !f.startsWith('docs'))).toEqual([]);

    mkdirSync(path.join(dir, 'pages'));
    writeFileSync(path.join(dir, 'pages/.gitkeep'), '');
    rmSync(path.join(dir, 'docs'), { recursive: true });
    await runInit('pages', {}, io());
    expect(tree()).toContain('pages/site.yaml');
  });
});
