import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { isFromContentFolder } from '../../schema/site-config';
import { importCandidates, importsOf } from '../markdown/directives';
import { MAX_TEXT_BYTES, type SourceFile } from './load';
import { factsOf } from './text-facts';

/** Where the project is: paths in pages' imports are resolved from its root. */
export interface ImportLocation {
  root: string;
  contentDir: string;
}

export interface ReadImports {
  /** The pages, each that imports anything with its `dependencies`. */
  pages: SourceFile[];
  /** Every file some page imports, absolute, sorted: what `dev` watches besides the content folder. */
  files: string[];
  /** Pages some other page includes (their `file`): partials, whose lack of a title or sidebar entry is no problem. */
  partials: Set<string>;
  /** By page (its `file`), the lines that include a file and the file each includes: what a problem found in included text is reported at. */
  includeLines: Map<string, Map<number, string>>;
}

/**
 * Reads the files pages include or import snippets from (source/ is where
 * the disk is read): an included Markdown file's own imports too, once
 * each. A page that is in the content tree is taken as loaded. A file that
 * cannot be read is null: the page stage reports it where it is named.
 */
export async function readImports(pages: readonly SourceFile[], location: ImportLocation, importRoot = ''): Promise<ReadImports> {
  // Pages by file: a page's text is read only when another includes it (an unchanged page's is decoded only then: source/stored-text.ts).
  const loaded = new Map(pages.map((p) => [p.file, p]));
  const texts = new Map<string, Promise<string | null>>();
  const textOf = (file: string) => {
    let text = texts.get(file);
    if (!text) texts.set(file, (text = loaded.has(file) ? Promise.resolve(loaded.get(file)!.text) : readText(path.join(location.root, file))));
    return text;
  };
  const result: SourceFile[] = [];
  const includeLines = new Map<string, Map<number, string>>();
  for (const page of pages) {
    // Its facts say whether it has any import line: most pages have none, and are not scanned again.
    const found = factsOf(page).imports ? importsOf(page.text) : [];
    if (found.length === 0) {
      result.push(page);
      continue;
    }
    const dependencies: Record<string, string | null> = {};
    const lines = new Map<number, string>();
    const queue = found.map((i) => ({ ...i, from: page.file, nested: false }));
    while (queue.length > 0) {
      const { kind, target, from, nested, line } = queue.shift()!;
      // Each place an import may be is read until one is there; all are dependencies, so a file appearing at an earlier place is seen.
      for (const file of importCandidates(from, target.path, importRoot, target.fromRoot === true && !nested, contentFolderOf(location))) {
        if (!(file in dependencies)) {
          const text = await textOf(file);
          dependencies[file] = text;
          if (text !== null && kind === 'include') queue.push(...importsOf(text).map((i) => ({ ...i, from: file, nested: true })));
        }
        if (dependencies[file] === null) continue;
        if (kind === 'include' && !nested) lines.set(line, file);
        break;
      }
    }
    if (lines.size > 0) includeLines.set(page.file, lines);
    result.push({ ...page, dependencies: Object.fromEntries(Object.entries(dependencies).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) });
  }
  const files = [...texts.keys()].map((file) => path.join(location.root, file)).sort();
  const partials = new Set(result.flatMap((p) => Object.keys(p.dependencies ?? {}).filter((f) => f !== p.file && loaded.has(f))));
  return { pages: result, files, partials, includeLines };
}

/** The content folder from the project root, `/`-separated (`docs`, or `../docs` outside it). */
export function contentFolderOf(location: ImportLocation): string {
  return path.relative(location.root, location.contentDir).split(path.sep).join('/');
}

async function readText(file: string): Promise<string | null> {
  try {
    if ((await stat(file)).size > MAX_TEXT_BYTES) return null;
    return (await readFile(file, 'utf8')).replace(/^\uFEFF/, '').replace(/\r\n/g, '\n');
  } catch {
    return null;
  }
}

/**
 * The folder `@/` means, from the project root: site.yaml's
 * `markdown.importRoot` as written (from the project root), or, when it is
 * `..` or starts with `../`, from the content folder (site.yaml's own), so
 * the site builds alike from whichever folder docsbuild runs in.
 */
export function importRootOf(setting: string, location: ImportLocation): string {
  if (!isFromContentFolder(setting)) return setting;
  const contentFolder = contentFolderOf(location);
  const folder = path.posix.join(contentFolder, setting);
  // Imports never leave the project (but for a content folder outside it): above its root, `@/` is the root, the nearest folder they may read.
  const leavesRoot = folder === '..' || folder.startsWith('../');
  const inContentFolder = folder === contentFolder || folder.startsWith(`${contentFolder}/`);
  return folder === '.' || (leavesRoot && !inContentFolder) ? '' : folder;
}
