import { execFile } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * "Last updated" for every page from ONE `git log` over the content folder,
 * not one `git log -1 -- file` per page (Docusaurus found that per-file
 * calls were its slowest step on large sites: facebook/docusaurus#11208).
 *
 * A file's date is the latest committer date among the commits that touched
 * it, so it depends only on the history of the checked-out commit: the same
 * commit gives the same dates, whatever the working tree's file times. A
 * file git does not track gets no date; so does every file when the content
 * is not in a git checkout or git is not installed.
 */

/** The `git log` arguments: per commit a NUL, its committer time (Unix seconds), then the paths it touched, NUL-separated. */
export const GIT_LOG_ARGS = [
  '-c',
  'log.showSignature=false',
  'log',
  '--format=%x00%ct',
  '--name-only',
  '--no-renames',
  '-z',
  // Paths relative to the folder git runs in (the content folder), and only those under it.
  '--relative',
  '--',
  '.',
] as const;

/**
 * Parses the output of `git log` with GIT_LOG_ARGS into the latest commit
 * time of each path (Unix seconds), paths relative to the content folder
 * with `/` separators, as in a page's `relativePath`.
 */
export function parseGitLog(output: string): Map<string, number> {
  const times = new Map<string, number>();
  const tokens = output.split('\0');
  let time: number | undefined;
  for (let at = 0; at < tokens.length; at++) {
    // git puts a newline between a commit's header and its first path.
    const token = tokens[at]!.replace(/^\n/, '');
    if (token === '') {
      // A commit starts: its time is the next token.
      const next = tokens[at + 1];
      if (next === undefined) break;
      time = /^\d+$/.test(next) ? Number(next) : undefined;
      at++;
      continue;
    }
    if (time === undefined) continue;
    const known = times.get(token);
    if (known === undefined || time > known) times.set(token, time);
  }
  return times;
}

/** A commit time as an ISO 8601 UTC timestamp (`2024-03-05T10:20:30Z`), the form page chunks carry. */
export function isoTime(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
}

/**
 * Runs git once in `contentDir` (execFile: no shell) and returns its output,
 * or undefined when there is no git, no repository, or git fails.
 */
export function runGitLog(contentDir: string, git = 'git'): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(
      git,
      [...GIT_LOG_ARGS],
      { cwd: contentDir, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, windowsHide: true, env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } },
      (error, stdout) => resolve(error ? undefined : stdout),
    );
  });
}

/** Each git-tracked file's last-updated time, by path relative to `contentDir`; empty outside a git checkout. */
export async function readLastUpdated(contentDir: string): Promise<Map<string, string>> {
  // The same history, the same times: a long-lived process (the dev server) runs git again only after a commit, checkout or reset.
  const stamp = await historyStamp(contentDir);
  const last = lastRead.get(contentDir);
  if (last?.stamp === stamp) return last.times;
  const times = await readLastUpdatedAnew(contentDir);
  lastRead.set(contentDir, { stamp, times });
  return times;
}

const lastRead = new Map<string, { stamp: string; times: Map<string, string> }>();

/**
 * What changes whenever HEAD's history may have: the sizes and times of the
 * repository's HEAD, its reflog and its index (a commit, checkout, reset,
 * merge or pull each writes one of them).
 */
export async function historyStamp(contentDir: string): Promise<string> {
  for (let dir = path.resolve(contentDir); ; dir = path.dirname(dir)) {
    const dotGit = path.join(dir, '.git');
    const found = await stat(dotGit).catch(() => undefined);
    if (found) {
      // A worktree's .git is a file naming its folder in the main repository.
      const gitDir = found.isFile() ? path.resolve(dir, (await readFile(dotGit, 'utf8')).replace(/^gitdir:\s*/, '').trim()) : dotGit;
      const parts = await Promise.all(['HEAD', 'logs/HEAD', 'index'].map((name) => stat(path.join(gitDir, name)).then((s) => `${s.size}:${s.mtimeMs}:${s.ino}`, () => '-')));
      return parts.join('|');
    }
    // No repository: git finds none either (its times are then empty), until one is made.
    if (path.dirname(dir) === dir) return 'no repository';
  }
}

async function readLastUpdatedAnew(contentDir: string): Promise<Map<string, string>> {
  const output = await runGitLog(contentDir);
  const times = output === undefined ? new Map<string, number>() : parseGitLog(output);
  return new Map([...times].map(([file, seconds]) => [file, isoTime(seconds)]));
}
