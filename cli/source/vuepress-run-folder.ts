import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** VuePress CLI options that take a value: the word after them is that value, not the source folder. */
const OPTIONS_WITH_VALUES = new Set(['-p', '--port', '-t', '--temp', '-c', '--cache', '-d', '--dest', '--host', '--config']);
const COMMAND = /\bvuepress\s+(?:build|dev)\b([^&|;]*)/g;

/**
 * Whether VuePress runs in the content folder itself: its own package.json
 * has a script that runs `vuepress build` or `vuepress dev` without naming
 * another folder (`"build": "vuepress build --no-cache"`, Chart.js's docs).
 * Then VuePress's working folder, which `<<< @/` snippets and a plugin's
 * default root are read from, is the content folder, not the one above it.
 * A package.json that is missing or not JSON says no.
 */
export async function runsInContentFolder(contentDir: string): Promise<boolean> {
  let scripts: unknown;
  try {
    scripts = (JSON.parse(await readFile(path.join(contentDir, 'package.json'), 'utf8')) as { scripts?: unknown }).scripts;
  } catch {
    return false;
  }
  if (typeof scripts !== 'object' || scripts === null || Array.isArray(scripts)) return false;
  return Object.values(scripts).some((script) => typeof script === 'string' && [...script.matchAll(COMMAND)].some((run) => namesNoOtherFolder(run[1]!)));
}

function namesNoOtherFolder(argumentsText: string): boolean {
  const words = argumentsText.trim().split(/\s+/).filter((w) => w !== '');
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word.startsWith('-')) {
      if (OPTIONS_WITH_VALUES.has(word)) i++;
      continue;
    }
    return word === '.' || word === './';
  }
  return true;
}
