import { readFileSync } from 'node:fs';
import { readFile, readlink, realpath, stat } from 'node:fs/promises';
import { statFile, type FileStat, type KnownFiles } from './unchanged-files';
import type { FileHashes } from './file-hashes';
import { hashFile, textHash } from '../support/hash';
import { mapLimited } from '../support/map-limited';
import path from 'node:path';
import { checkFileNames } from './file-names';
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic';
import { append } from '../support/append';
import { runsInContentFolder } from './vuepress-run-folder';
import { isInsideOutput, outputInContent } from './output-in-content';
import { runVuepressConfig, type VuepressConfigResult } from './vuepress-config';
import { textFactsOf } from './text-facts';
import { storedTextSource } from './stored-text';
import type { KnownTextHash, SourceFile } from './source-file';
import { decodeUtf8 } from './utf8';

export { decodeUtf8 } from './utf8';
export type { KnownTextHash, SourceFile } from './source-file';

/**
 * A file of the content tree that is not a page (an image, a download, a
 * public file): known by its hash, never held (a content folder may hold
 * gigabytes of screenshots). It is copied into the output when that is written.
 */
export interface AssetFile {
  /** Path relative to the content root: `images/flow.png`, `public/favicon.svg`. */
  relativePath: string;
  /** Diagnostic path of the file (relative to the project root). */
  file: string;
  /** Where it is read from when it is copied. */
  absolute: string;
  /** The sha256 (hex) of its bytes when it was loaded: its copy is checked against it. */
  hash: string;
}

export interface LoadedSources {
  siteConfig?: SourceFile;
  /** Set when the content folder is a VuePress 1 tree (it has a `.vuepress/` folder). */
  vuepress?: VuepressFolder;
  /** Sorted by relativePath. */
  pages: SourceFile[];
  /** Sorted by relativePath. */
  assets: AssetFile[];
  diagnostics: Diagnostic[];
  /** Given files known from before: per page (and the site config), the hash of its text (textHash) as kept with it, and the text it stands for. */
  textHashes?: Map<string, KnownTextHash>;
  /** Given files known from before: per page read now (changed since), the hash of its text at the last build (page/cache.ts storedBlocks). */
  previousTextHashes?: Map<string, string>;
  /** Pages whose stat was taken within the racy window of a change (FileStat.settled false): the hash of the text read, by path. */
  unsettledTexts?: Record<string, string>;
}


/**
 * The content tree as listed and stamped just before the build (the CLI's
 * up-to-date check, source/input-stamps.ts listedTree): loadSources takes
 * its files and their stats from it instead of walking and stating the tree
 * again (at 10,000 pages the walk and the stats were 0.3-0.5 s of a one-edit build).
 */
export interface ListedTree {
  /** Files and symbolic links, by path relative to the content root, as walkContent finds them (no dot files, nothing under node_modules). */
  files: string[];
  symlinks: string[];
  /** A listed file's stat as statFile takes it (a symbolic link's target's); undefined when it has none to give (stat it then). */
  statOf(relativePath: string): FileStat | undefined;
}

/** Where the content is (a ResolvedConfig is one): absolute paths. */
export interface ContentLocation {
  root: string;
  contentDir: string;
  /** The output folder: skipped by the walk when it lies inside the content folder. */
  outDir?: string;
}

/** `content/public/` is copied to the output as it is, like VuePress's public folder. */
export const PUBLIC_DIR = 'public';
/** A VuePress 1 tree keeps its settings, and its public folder, in `.vuepress/`. */
export const VUEPRESS_DIR = '.vuepress';
export const VUEPRESS_PUBLIC_DIR = `${VUEPRESS_DIR}/public`;
/** Where a VuePress 1 tree adds code to the app (router redirects among it). */
export const VUEPRESS_ENHANCE_APP = `${VUEPRESS_DIR}/enhanceApp.js`;
/** The html-redirect plugin's redirects, a `FROM TO` line each. */
export const VUEPRESS_REDIRECTS = `${VUEPRESS_DIR}/redirects`;
/** The config files VuePress 1 reads, in the order it looks for them. */
export const VUEPRESS_CONFIG_NAMES = ['config.js', 'config.cjs', 'config.mjs', 'config.ts'] as const;

/** What a VuePress 1 tree's `.vuepress/` folder holds that the build reads. */
export interface VuepressFolder {
  /** Its config file, relative to the content root (`.vuepress/config.js`), if there is one. */
  configFile?: string;
  /** Without a site.yaml: the config file's text and what running it gave. */
  config?: { source: SourceFile; result: VuepressConfigResult };
  /** VuePress runs in the content folder (its package.json's script says so), not the folder above it. */
  runsInContentFolder?: true;
  /** The content folder's absolute path (where the config's paths, such as its webpack aliases, lead is told from it). */
  contentDir?: string;
  /** `.vuepress/enhanceApp.js`, read as text (never run) for the redirects `docsbuild migrate` carries over. */
  enhanceApp?: SourceFile;
  /** Without a site.yaml: `.vuepress/redirects`, the html-redirect plugin's redirects, which stand in for site.yaml's. */
  redirects?: SourceFile;
}

export const SITE_CONFIG_NAMES = ['site.yaml', 'site.yml'] as const;
/**
 * The largest page read. The largest real page is about 21 kB; remark parses
 * a few hundred kB a second on link-heavy text, and some inputs cost far
 * more, so a bigger file would stall every build.
 */
export const MAX_TEXT_BYTES = 1024 * 1024;
/**
 * The largest site.yaml read: YAML parses fast, and a site of 10,000 pages
 * has a sidebar of 10,000 lines (about 1 MB), so the config gets more room.
 */
export const MAX_CONFIG_BYTES = 16 * 1024 * 1024;
const READ_CONCURRENCY = 64;

/** Asset files hashed at once: enough to keep the disk busy. */
const HASHES_AT_ONCE = 8;

/**
 * The only stage that reads the content tree. `unchanged` gives the bytes of
 * pages read before, and `hashes` the hashes of assets hashed before (a
 * long-lived process's), where their stat is unchanged; `listed`, the tree
 * as listed and stamped already (the CLI's).
 */
export async function loadSources(config: ContentLocation, unchanged?: KnownFiles, hashes?: FileHashes, listed?: ListedTree): Promise<LoadedSources> {
  const diagnostics: Diagnostic[] = [];
  const displayPath = displayPathIn(config);

  // One walk of the tree, sorted into pages, the site config and assets: each extra walk costs as much as reading the pages.
  const tree = listed ?? (await walkContent(config.contentDir, outputInContent(config.contentDir, config.outDir)));
  const links = await checkSymlinks(config.contentDir, tree.symlinks, displayPath);
  append(diagnostics, links.diagnostics);
  const isPage = (p: string) => p.endsWith('.md') && !p.startsWith(`${PUBLIC_DIR}/`);
  const pagePaths = [...tree.files.filter(isPage), ...links.inside.filter(isPage)].sort();
  append(diagnostics, checkFileNames([...tree.files, ...links.inside], isPage, displayPath));

  const textHashes = unchanged?.known ? new Map<string, KnownTextHash>() : undefined;
  const unsettledTexts: Record<string, string> = {};
  const previousTextHashes = unchanged?.previousHash ? new Map<string, string>() : undefined;
  const read = async (relativePath: string, limit = MAX_TEXT_BYTES): Promise<SourceFile | undefined> => {
    const file = displayPath(relativePath);
    const absolute = path.join(config.contentDir, relativePath);
    let bytes: Buffer;
    let stat: FileStat;
    try {
      // Checked before reading: a huge file is refused without holding it in memory.
      stat = listed?.statOf(relativePath) ?? (await statFile(absolute));
      const { size } = stat;
      if (size > limit) {
        const what = limit === MAX_TEXT_BYTES ? 'a page' : 'the site config';
        diagnostics.push(
          diagnostic('file/too-large', { file }, `${relativePath} is ${formatMegabytes(size)}; ${what} may be at most ${formatMegabytes(limit)}.`),
        );
        return undefined;
      }
      // Known from the last build (its stat unchanged): its text is read only if asked for (source/stored-text.ts).
      const stored = unchanged?.storedText?.(absolute, stat);
      if (stored) {
        const { source, known: text } = storedTextSource({ relativePath, file, facts: stored.facts }, () => readFileSync(absolute), stored.hash);
        textHashes?.set(relativePath, text);
        return source;
      }
      bytes = unchanged ? await unchanged.read(absolute, stat) : await readFile(absolute);
      const previous = unchanged?.previousHash?.(absolute);
      if (previous !== undefined) previousTextHashes?.set(relativePath, previous);
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      diagnostics.push(diagnostic('file/unreadable', { file }, `${relativePath} could not be read (${reason}).`));
      return undefined;
    }
    const text = decodeUtf8(bytes);
    if (text === undefined) {
      const at = firstInvalidByte(bytes);
      diagnostics.push(
        diagnostic('file/not-utf8', { file, line: at.line, column: at.column }, `${relativePath} is not UTF-8 text (${at.reason}).`),
      );
      return undefined;
    }
    const known = unchanged?.known?.(absolute, () => ({ hash: textHash(text), facts: textFactsOf(text) }));
    if (known) textHashes?.set(relativePath, { hash: known.hash, isTextOf: (source) => source.text === text });
    // The next up-to-date check hashes this page instead of taking the build as needed (output/up-to-date.ts).
    if (stat.settled === false) unsettledTexts[relativePath] = known?.hash ?? textHash(text);
    return { relativePath, file, text, facts: known?.facts ?? textFactsOf(text) };
  };

  const pages: SourceFile[] = [];
  for (let i = 0; i < pagePaths.length; i += READ_CONCURRENCY) {
    const batch = await Promise.all(pagePaths.slice(i, i + READ_CONCURRENCY).map((relativePath) => read(relativePath)));
    for (const page of batch) if (page) pages.push(page);
  }

  const configName = SITE_CONFIG_NAMES.find((name) => tree.files.includes(name));
  const siteConfig = configName === undefined ? undefined : await read(configName, MAX_CONFIG_BYTES);
  const vuepress = await findVuepressFolder(config.contentDir);
  // site.yaml wins: the VuePress config runs, and its redirects are read, only when there is none.
  if (vuepress?.configFile && configName === undefined) {
    const source = await read(vuepress.configFile, MAX_CONFIG_BYTES);
    if (source) vuepress.config = { source, result: await runVuepressConfig(path.join(config.contentDir, vuepress.configFile), source.text) };
  }
  if (vuepress && configName === undefined && (await isFile(path.join(config.contentDir, VUEPRESS_REDIRECTS)))) vuepress.redirects = await read(VUEPRESS_REDIRECTS, MAX_CONFIG_BYTES);
  if (vuepress && (await isFile(path.join(config.contentDir, VUEPRESS_ENHANCE_APP)))) vuepress.enhanceApp = await read(VUEPRESS_ENHANCE_APP);
  // A VuePress tree needs no site.yaml: its .vuepress/ config (or VuePress's defaults) stands in.
  if (configName === undefined && !vuepress) {
    // The hint names this tree's own site.yaml, and says what a VitePress tree's config does not give.
    const vitepress = await isDirectory(path.join(config.contentDir, '.vitepress'));
    const create = `Create ${displayPath('site.yaml')} (README.md#site-config lists every key)`;
    diagnostics.push(
      diagnostic(
        'config/missing',
        { file: displayPath('site.yaml') },
        `No site.yaml in ${displayPath('') || '.'}.`,
        vitepress
          ? `${create}: docsbuild reads a VuePress 1 config in place of one, but not a VitePress config (.vitepress/), so its title, nav and sidebar need writing there.`
          : `${create}, or pass --content to the folder that holds it.`,
      ),
    );
  }
  // A .md file under public/ is copied like any public file (VuePress does the same), not dropped.
  const assetPaths = tree.files.filter((p) => !isPage(p) && !(SITE_CONFIG_NAMES as readonly string[]).includes(p));
  if (vuepress) assetPaths.push(...(await walkContent(path.join(config.contentDir, VUEPRESS_PUBLIC_DIR))).files.map((p) => `${VUEPRESS_PUBLIC_DIR}/${p}`));
  assetPaths.sort();
  // Hashed a piece at a time, a few at once: read whole, 100 files of 2 MB raised a build's peak memory by 192 MB.
  const hashed = await mapLimited(assetPaths, HASHES_AT_ONCE, async (relativePath): Promise<AssetFile | Diagnostic> => {
    const absolute = path.join(config.contentDir, relativePath);
    const file = displayPath(relativePath);
    try {
      const hash = hashes ? await hashes.hash(absolute, await statFile(absolute)) : await hashFile(absolute);
      return { relativePath, file, absolute, hash };
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      return diagnostic('file/unreadable', { file }, `${relativePath} could not be read (${reason}).`);
    }
  });
  const assets: AssetFile[] = [];
  // In path order, whichever finished first.
  for (const result of hashed) if ('hash' in result) assets.push(result);
  else diagnostics.push(result);

  unchanged?.settle();
  hashes?.settle();
  return { siteConfig, vuepress, pages, assets, diagnostics, textHashes, unsettledTexts, ...(previousTextHashes?.size ? { previousTextHashes } : {}) };
}

/**
 * A file's diagnostic path (relative to the project root, `/`-separated) from
 * its path in the content folder. Within the root, the content folder's path
 * and the file's are joined (path.relative per page was 20-50 ms of a
 * 10,000-page build's load); a content folder outside the root takes path.relative.
 */
export function displayPathIn(config: ContentLocation): (relativePath: string) => string {
  const slow = (relativePath: string) => path.relative(config.root, path.join(config.contentDir, relativePath)).split(path.sep).join('/');
  const folder = slow('');
  if (folder.startsWith('..') || path.isAbsolute(folder)) return slow;
  return (relativePath) => (relativePath === '' ? folder : folder === '' ? relativePath : `${folder}/${relativePath}`);
}

/** The `.vuepress/` folder of a VuePress 1 tree and its config file; undefined when there is none. */
async function findVuepressFolder(contentDir: string): Promise<VuepressFolder | undefined> {
  const folder = path.join(contentDir, VUEPRESS_DIR);
  if (!(await isDirectory(folder))) return undefined;
  const found: VuepressFolder = (await runsInContentFolder(contentDir)) ? { runsInContentFolder: true, contentDir } : { contentDir };
  for (const name of VUEPRESS_CONFIG_NAMES) {
    if (await isFile(path.join(folder, name))) return { ...found, configFile: `${VUEPRESS_DIR}/${name}` };
  }
  return found;
}

async function isDirectory(absolute: string): Promise<boolean> {
  return stat(absolute).then((s) => s.isDirectory(), () => false);
}

async function isFile(absolute: string): Promise<boolean> {
  return stat(absolute).then((s) => s.isFile(), () => false);
}

/**
 * Symbolic links in the content tree: a link to a file inside the content root
 * is read like any file; one that leads outside it is refused, so a page can
 * never pull in a file from elsewhere on the machine. Links to folders are not
 * followed (they could loop).
 */
async function checkSymlinks(
  contentDir: string,
  symlinks: readonly string[],
  displayPath: (relativePath: string) => string,
): Promise<{ inside: string[]; diagnostics: Diagnostic[] }> {
  const root = await realpath(contentDir);
  const inside: string[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const linkPath of [...symlinks].sort()) {
    const link = path.join(contentDir, linkPath);
    let target: string | undefined;
    try {
      target = await realpath(link);
    } catch {
      target = undefined;
    }
    if (target !== undefined && (target === root || target.startsWith(root + path.sep))) {
      if ((await stat(target)).isFile()) inside.push(linkPath);
      continue;
    }
    diagnostics.push(
      diagnostic(
        'file/outside-content',
        { file: displayPath(linkPath) },
        target === undefined
          ? `${linkPath} is a symbolic link to nothing.`
          : `${linkPath} is a symbolic link to ${await readlink(link)}, outside the content folder.`,
      ),
    );
  }
  return { inside, diagnostics };
}

/** Every file and symbolic link under the content root (no dot files, no node_modules, not the output folder `skipped`), by path relative to it. */
async function walkContent(contentDir: string, skipped?: string): Promise<{ files: string[]; symlinks: string[] }> {
  // Loaded when first walked: the CLI's build after an edit takes the tree its up-to-date check listed, and fast-glob's
  // modules were 10-20 ms of its start.
  const { default: fg } = await import('fast-glob');
  const entries = await fg('**/*', {
    cwd: contentDir,
    ignore: ['**/node_modules/**', ...(skipped === undefined ? [] : [`${fg.escapePath(skipped)}/**`])],
    onlyFiles: false,
    followSymbolicLinks: false,
    dot: false,
    objectMode: true,
  });
  const files: string[] = [];
  const symlinks: string[] = [];
  for (const entry of entries) {
    // An interrupted build's `<out>.tmp-*`/`<out>.old-*` (rare: the next build removes them) is walked, then dropped here.
    if (skipped !== undefined && isInsideOutput(entry.path, skipped)) continue;
    if (entry.dirent.isSymbolicLink()) symlinks.push(entry.path);
    else if (entry.dirent.isFile()) files.push(entry.path);
  }
  return { files, symlinks };
}

function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * A page's text read again as loadSources read it: for a build that let go
 * of the text once the page was processed, should its cached body turn out
 * damaged. Undefined when it can no longer be read so.
 */
export async function readPageText(contentDir: string, relativePath: string): Promise<string | undefined> {
  try {
    const bytes = await readFile(path.join(contentDir, relativePath));
    return bytes.length > MAX_TEXT_BYTES ? undefined : decodeUtf8(bytes);
  } catch {
    return undefined;
  }
}


/** Where a byte sequence stops being UTF-8 text, for the diagnostic's position. */
function firstInvalidByte(bytes: Uint8Array): { line: number; column: number; reason: string } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    if (b === 0) return { line, column: i - lineStart + 1, reason: 'it contains a NUL byte: is it a binary file?' };
    if (b === 0x0a) {
      line++;
      lineStart = i + 1;
    }
    const length = b < 0x80 ? 1 : b >> 5 === 0b110 ? 2 : b >> 4 === 0b1110 ? 3 : b >> 3 === 0b11110 ? 4 : 0;
    const valid =
      length > 0 && i + length <= bytes.length && Array.from(bytes.subarray(i + 1, i + length)).every((c) => c >> 6 === 0b10);
    if (!valid) return { line, column: i - lineStart + 1, reason: `invalid byte 0x${b.toString(16).padStart(2, '0')}` };
    i += length;
  }
  return { line: 1, column: 1, reason: 'invalid UTF-8' };
}
