import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The repository's root, for tests that read its fixtures and the real site. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/** Every Markdown file under a folder (node_modules left out), sorted, with its path from that folder and its text. */
export function markdownFiles(dir: string): { name: string; text: string }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md') && !name.includes('node_modules') && existsSync(path.join(dir, name)))
    .sort()
    .map((name) => ({ name, text: readFileSync(path.join(dir, name), 'utf8') }));
}
