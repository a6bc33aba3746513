import { VUEPRESS_DIR } from './load';
import { isOutputFolder } from './output-in-content';

/**
 * Whether a build reads what the folder `relative` of the content tree holds
 * (a POSIX path from the content root, whose parent is read). The answer is
 * yes except for these folders:
 * - dot folders, other than the root's `.vuepress/`, which holds a VuePress
 *   tree's config and the modules it loads, its public files and its redirects;
 * - node_modules;
 * - the output folder `output` (outputInContent) and its build-time siblings.
 * The up-to-date check stamps these folders (input-stamps.ts), and
 * `docsbuild dev` watches them (serve/watcher.ts).
 */
export function isReadFolder(relative: string, output?: string): boolean {
  const name = relative.slice(relative.lastIndexOf('/') + 1);
  if (name === 'node_modules' || (output !== undefined && isOutputFolder(relative, output))) return false;
  return !name.startsWith('.') || relative === VUEPRESS_DIR;
}
