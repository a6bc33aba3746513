import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../../cli/build';
import type { PageChunk } from '../../schema/manifest';
import { tempSite, type TempSite } from '../helpers/temp-site';

const SITE_YAML = `title: Test
editLink:
  pattern: https://github.com/org/repo/edit/main/docs/:path
lastUpdated: { text: Updated }
footer:
  copyright: © Test Inc.
sidebar: [/, /guide/setup.html, /draft/, /guide/übung-$&.html]
`;

const text = (content: string | Uint8Array | undefined) => (typeof content === 'string' ? content : new TextDecoder().decode(content));
const chunkOf = (result: BuildResult, sitePath: string): PageChunk => {
  const record = result.manifest!.pages.find((p) => p.path === sitePath)!;
  return JSON.parse(text(result.files.get(record.chunk))) as PageChunk;
};

/**
 * "Edit this page" and "Last updated" through a real build: the content in a
 * git repository with fixed commit dates, one page never committed, and a
 * `git` on PATH that counts its runs.
 */
describe('page footer: edit link and last updated', () => {
  let site: TempSite;
  let calls: string;
  let oldPath: string | undefined;
  const build = () => site.build('build');
  const gitRuns = () => readFileSync(calls, 'utf8').split('\n').filter((line) => line.includes(' log ')).length;

  beforeAll(() => {
    site = tempSite({
      'site.yaml': SITE_YAML,
      'README.md': '# Home\n\n## Start\n',
      'guide/setup.md': '# Setup\n',
      'draft/README.md': '# Draft\n',
      'guide/übung-$&.md': '# Übung\n',
    });
    const git = (args: string[], date?: string) =>
      execFileSync('git', ['-c', 'user.name=docsbuild', '-c', 'user.email=dev@docsbuild.local', '-c', 'commit.gpgsign=false', ...args], {
        cwd: site.root,
        env: { ...process.env, ...(date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {}) },
      });
    git(['init', '-q']);
    git(['add', 'content/site.yaml', 'content/README.md', 'content/guide/setup.md']);
    git(['commit', '-q', '-m', 'pages'], '2024-05-06T07:08:09Z');
    writeFileSync(path.join(site.contentDir, 'guide/setup.md'), '# Setup\n\nMore.\n');
    git(['commit', '-q', '-am', 'setup'], '2024-06-07T08:09:10Z');
    // A git that logs each run, then runs the real one.
    const bin = mkdtempSync(path.join(tmpdir(), 'docsbuild-gitlog-'));
    calls = path.join(bin, 'calls.log');
    writeFileSync(calls, '');
    const real = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
    writeFileSync(path.join(bin, 'git'), `#!/bin/sh\necho " $* " >> '${calls}'\nexec '${real}' "$@"\n`);
    chmodSync(path.join(bin, 'git'), 0o755);
    oldPath = process.env.PATH;
    process.env.PATH = `${bin}${path.delimiter}${oldPath ?? ''}`;
  });
  afterAll(() => {
    process.env.PATH = oldPath;
    rmSync(path.dirname(calls), { recursive: true, force: true });
    site.remove();
  });

  it('dates each committed page from its last commit, in one git run for the whole site, and links every page to its source', async () => {
    const result = await build();
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(gitRuns()).toBe(1);
    expect(chunkOf(result, '/')).toMatchObject({ lastUpdated: '2024-05-06T07:08:09Z', editUrl: 'https://github.com/org/repo/edit/main/docs/README.md' });
    expect(chunkOf(result, '/guide/setup.html')).toMatchObject({ lastUpdated: '2024-06-07T08:09:10Z', editUrl: 'https://github.com/org/repo/edit/main/docs/guide/setup.md' });
    // Never committed: no date, but still a link to edit it.
    expect(chunkOf(result, '/draft/').lastUpdated).toBeUndefined();
    expect(chunkOf(result, '/draft/').editUrl).toBe('https://github.com/org/repo/edit/main/docs/draft/README.md');
    // Each segment of the source path percent-encoded; "$&" is text, not a replacement pattern.
    expect(chunkOf(result, '/guide/übung-$&.html').editUrl).toBe('https://github.com/org/repo/edit/main/docs/guide/%C3%BCbung-%24%26.md');
    expect(result.manifest!.site).toMatchObject({ editLink: { text: 'Edit this page' }, lastUpdated: { text: 'Updated' }, footer: { copyright: '© Test Inc.' } });

    const html = text(result.files.get('guide/setup.html'));
    expect(html).toContain('<a class="edit-link" href="https://github.com/org/repo/edit/main/docs/guide/setup.md" rel="noopener">Edit this page</a>');
    expect(html).toContain('Updated<!-- -->: <time dateTime="2024-06-07T08:09:10Z">2024-06-07</time>');
    expect(html).toContain('<footer class="site-footer">');
    expect(html).toContain('© Test Inc.');
    expect(text(result.files.get('draft/index.html'))).not.toContain('<time');
  });

  it('builds byte-identical output for the same commit', async () => {
    const first = await build();
    const second = await build();
    expect([...second.files.keys()]).toEqual([...first.files.keys()]);
    for (const [name, content] of first.files) expect(text(second.files.get(name)), name).toBe(text(content));
  });

  it('runs no git at all when site.yaml does not ask for dates', async () => {
    writeFileSync(path.join(site.contentDir, 'site.yaml'), SITE_YAML.replace('lastUpdated: { text: Updated }\n', ''));
    const before = gitRuns();
    try {
      const result = await build();
      expect(gitRuns()).toBe(before);
      expect(chunkOf(result, '/').lastUpdated).toBeUndefined();
      expect(result.manifest!.site.lastUpdated).toBeUndefined();
    } finally {
      writeFileSync(path.join(site.contentDir, 'site.yaml'), SITE_YAML);
    }
  });

  it('builds without dates outside a git checkout', async () => {
    const outside = tempSite({ 'site.yaml': SITE_YAML.replace(/^sidebar: .*$/m, 'sidebar: [/]'), 'README.md': '# Home\n' });
    try {
      const result = await outside.build('build');
      expect(result.diagnostics).toEqual([]);
      expect(chunkOf(result, '/').lastUpdated).toBeUndefined();
      expect(chunkOf(result, '/').editUrl).toBe('https://github.com/org/repo/edit/main/docs/README.md');
    } finally {
      outside.remove();
    }
  });
});
