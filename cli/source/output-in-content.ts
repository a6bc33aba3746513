import path from 'node:path';

/**
 * The output folder's path inside the content folder (POSIX, relative to
 * it), when it lies there: undefined otherwise. VuePress builds into
 * `.vuepress/dist` inside its content, and a tree whose pages are at the
 * repository's root has nowhere for `dist/` but among them: the walks of
 * the content tree (source/load.ts, source/input-stamps.ts) skip it and its
 * build-time siblings (isOutputFolder), so a build never reads an earlier
 * one's output as pages or inputs.
 */
export function outputInContent(contentDir: string, outDir: string | undefined): string | undefined {
  if (outDir === undefined) return undefined;
  const relative = path.relative(contentDir, outDir);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  return relative.split(path.sep).join('/');
}

/** `<out>.tmp-<pid>-<stamp>` and `<out>.old-<pid>-<stamp>`: the only names a build gives its own folders beside the output (output/folder.ts). */
export function ownSibling(outName: string, sibling: string): { kind: 'tmp' | 'old' } | undefined {
  if (!sibling.startsWith(`${outName}.`)) return undefined;
  const match = /^(tmp|old)-\d+-[0-9a-z]+$/.exec(sibling.slice(outName.length + 1));
  return match ? { kind: match[1] as 'tmp' | 'old' } : undefined;
}

/** Whether `relative` (a path in the content folder, POSIX) is the output folder `output` (outputInContent) or one of its siblings. */
export function isOutputFolder(relative: string, output: string): boolean {
  if (relative === output) return true;
  const slash = output.lastIndexOf('/');
  const parent = output.slice(0, slash + 1);
  return relative.startsWith(parent) && !relative.includes('/', parent.length) && ownSibling(output.slice(slash + 1), relative.slice(parent.length)) !== undefined;
}

/** Whether the file `relative` (POSIX, in the content folder) lies in the output folder `output` or one of its siblings. */
export function isInsideOutput(relative: string, output: string): boolean {
  let end = -1;
  for (let depth = output.split('/').length; depth > 0; depth--) {
    end = relative.indexOf('/', end + 1);
    if (end < 0) return false;
  }
  return isOutputFolder(relative.slice(0, end), output);
}
