import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIT_LOG_ARGS, isoTime, parseGitLog, readLastUpdated, runGitLog } from '../../../../cli/source/last-updated';

/** A git repository in a temp dir whose commits have fixed dates, with the docs in `docs/`. */
function repository() {
  const root = mkdtempSync(path.join(tmpdir(), 'docsbuild-git-'));
  const git = (args: string[], date?: string) =>
    execFileSync('git', ['-c', 'user.name=docsbuild', '-c', 'user.email=dev@docsbuild.local', '-c', 'commit.gpgsign=false', ...args], {
      cwd: root,
      env: { ...process.env, ...(date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {}) },
      encoding: 'utf8',
    });
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  return { root, git, write, remove: () => rmSync(root, { recursive: true, force: true }) };
}

describe('cli/source/last-updated', () => {
  it('parseGitLog keeps the latest commit time of each path, whatever the order of the commits', () => {
    const output = ['', '200', '\na.md', 'sub/ü b.md', '', '300', '\nb.md', '', '100', '\na.md', 'b.md', 'c.md', ''].join('\0');
    expect(parseGitLog(output)).toEqual(
      new Map([
        ['a.md', 200],
        ['sub/ü b.md', 200],
        ['b.md', 300],
        ['c.md', 100],
      ]),
    );
  });

  it('parseGitLog takes an empty log, and a commit that touched nothing', () => {
    expect(parseGitLog('')).toEqual(new Map());
    expect(parseGitLog(['', '100', '', '200', '\na.md', ''].join('\0'))).toEqual(new Map([['a.md', 200]]));
  });

  it('isoTime gives UTC, to the second', () => {
    expect(isoTime(1_700_000_000)).toBe('2023-11-14T22:13:20Z');
  });

  describe('in a git checkout', () => {
    const repo = repository();
    beforeAll(() => {
      repo.git(['init', '-q']);
      repo.write('README.md', 'outside the docs\n');
      repo.write('docs/README.md', '# Home\n');
      repo.write('docs/guide/ü b.md', '# Ü\n');
      repo.git(['add', '.']);
      repo.git(['commit', '-q', '-m', 'one'], '2024-01-02T03:04:05Z');
      repo.write('docs/README.md', '# Home, again\n');
      repo.git(['mv', 'docs/guide/ü b.md', 'docs/guide/moved.md']);
      repo.git(['commit', '-q', '-am', 'two'], '2024-02-03T04:05:06Z');
      repo.write('README.md', 'changed outside the docs\n');
      repo.git(['commit', '-q', '-am', 'three'], '2024-03-04T05:06:07Z');
      // Neither committed nor tracked: no date for them.
      repo.write('docs/draft.md', '# Draft\n');
    });
    afterAll(() => repo.remove());

    it('dates every tracked file under the content folder from one git log, by its path in that folder', async () => {
      const dates = await readLastUpdated(path.join(repo.root, 'docs'));
      expect(dates.get('README.md')).toBe('2024-02-03T04:05:06Z');
      expect(dates.get('guide/moved.md')).toBe('2024-02-03T04:05:06Z');
      expect(dates.has('draft.md')).toBe(false);
      // Files outside the content folder are not in it, and do not date anything in it.
      expect([...dates.keys()].every((file) => !file.startsWith('..'))).toBe(true);
      expect(await readLastUpdated(path.join(repo.root, 'docs'))).toEqual(dates);
    });

    it('gives the same dates for the same commit, whatever the files\' modification times', async () => {
      const before = await readLastUpdated(path.join(repo.root, 'docs'));
      writeFileSync(path.join(repo.root, 'docs/README.md'), '# Home, edited but not committed\n');
      expect(await readLastUpdated(path.join(repo.root, 'docs'))).toEqual(before);
    });
  });

  it('gives no dates, and no error, outside a git checkout or without git', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docsbuild-nogit-'));
    try {
      writeFileSync(path.join(dir, 'README.md'), '# Home\n');
      expect(await readLastUpdated(dir)).toEqual(new Map());
      expect(await runGitLog(dir, path.join(dir, 'no-such-git'))).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs git once, with exactly its arguments (execFile: no shell between)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docsbuild-fakegit-'));
    const log = path.join(dir, 'calls.log');
    const fakeGit = path.join(dir, 'git');
    writeFileSync(fakeGit, `#!/bin/sh\nprintf '%s\\n' "$@" >> '${log}'\n`);
    chmodSync(fakeGit, 0o755);
    try {
      expect(await runGitLog(dir, fakeGit)).toBe('');
      expect(readFileSync(log, 'utf8')).toBe(`${GIT_LOG_ARGS.join('\n')}\n`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
