import { diagnostic, type Diagnostic, type Place } from '../diagnostics/diagnostic';
import type { SitePage } from '../site/pages';
import type { AssetPlan } from './assets';
import { isHashedAsset } from './cache-policy';
import { GENERATED_DIRS, HOST_FILES, htmlFileOf, MAX_NAME_BYTES, MAX_PATH_BYTES, NOT_FOUND_FILE, SITE_FILES, stubFileOf } from './layout';
import { OutputNames } from './names';

export interface OutputClaimsInput {
  /** One page per path. */
  pages: readonly SitePage[];
  /** site.yaml's redirects by source, with where each is written. */
  redirects: readonly { from: string; at: Place }[];
  assets: AssetPlan;
  /** The output folder's absolute path: the file system limits the whole path, not only the part under it. */
  outDir: string;
}

/** Room for the temporary folder's suffix beside the output folder (`dist.tmp-<pid>-<time>`). */
const TEMP_SUFFIX_BYTES = 32;

/**
 * The output names that pages, redirects and content/public/ would claim,
 * checked before anything is written, in `check` as in `build`: none may be
 * a file or folder the build itself writes (layout.ts), a page or a redirect
 * none of the host files either, a public file not a page's HTML, and no
 * name may be longer than a file system takes. Each clash is reported at
 * what claims the name (a permalink, a redirect, a file).
 */
export function checkOutputClaims({ pages, redirects, assets, outDir }: OutputClaimsInput): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const generated = new OutputNames(SITE_FILES);
  const hosts = new OutputNames(HOST_FILES);
  const pageFiles = new OutputNames([]);
  const pageOf = new Map<string, string>();
  const outDirBytes = Buffer.byteLength(outDir) + TEMP_SUFFIX_BYTES;

  const taken = (name: string, what: string | (() => string), at: Place | (() => Place), subject: string, withHosts: boolean) => {
    const holder = !isFree(generated, name)
      ? 'a file docsbuild writes itself'
      : withHosts && !hosts.isFree(name)
        ? 'a file static hosts or crawlers read'
        : undefined;
    if (holder === undefined) return false;
    diagnostics.push(diagnostic('output/name-taken', placeOf(at), `${textOf(what)} would be written to ${name}, ${holder} (${ownName(name)}).`, undefined, subject));
    return true;
  };
  const tooLong = (name: string, what: string | (() => string), at: Place | (() => Place), subject: string) => {
    // UTF-8 takes at most three bytes for each UTF-16 unit: a short name needs no counting (every page's, at 10,000 pages).
    if (name.length * 3 <= MAX_NAME_BYTES && outDirBytes + name.length * 3 <= MAX_PATH_BYTES) return false;
    const long = name.split('/').find((segment) => Buffer.byteLength(segment) > MAX_NAME_BYTES);
    if (long === undefined && outDirBytes + Buffer.byteLength(name) <= MAX_PATH_BYTES) return false;
    const why =
      long === undefined
        ? `a path of ${Buffer.byteLength(name)} bytes; with the output folder that is more than the ${MAX_PATH_BYTES + 1} a file system takes`
        : `a name of ${Buffer.byteLength(long)} bytes ("${long.slice(0, 24)}…"), more than the ${MAX_NAME_BYTES} a file system takes`;
    diagnostics.push(diagnostic('output/name-too-long', placeOf(at), `${textOf(what)} would be written to ${why}.`, undefined, subject));
    return true;
  };

  for (const page of pages) {
    const path = page.indexed.path;
    const name = htmlFileOf(path);
    // A page at /404.html is the 404 shell's content: the viewer writes no file of its own for it.
    if (name === NOT_FOUND_FILE) continue;
    // Made only for a problem: most pages have none.
    const at = () => ({ file: page.indexed.file, ...page.page.keyPositions.permalink });
    const what = () => `The page ${page.indexed.relativePath} (path ${path})`;
    if (tooLong(name, what, at, path) || taken(name, what, at, path, true)) continue;
    if (!pageFiles.claim(name)) {
      const other = pageOf.get(name) ?? [...pageOf].find(([file]) => file.startsWith(`${name}/`) || name.startsWith(`${file}/`))?.[1];
      diagnostics.push(diagnostic('output/name-taken', at(), `${what()} would be written to ${name}, where the page ${other ?? 'another page'} is written.`, undefined, path));
      continue;
    }
    pageOf.set(name, page.indexed.relativePath);
  }

  for (const [name, file] of [...assets.publicFiles].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const at = { file };
    const what = `The public file ${file}`;
    if (tooLong(name, what, at, name) || taken(name, what, at, name, false)) continue;
    if (!pageFiles.isFree(name)) {
      const other = pageOf.get(name);
      diagnostics.push(
        diagnostic('output/name-taken', at, `${what} would be written to ${name}, where ${other ? `the page ${other}` : 'a page'} is written.`, undefined, name),
      );
    }
  }

  for (const { from, at } of redirects) {
    const what = `The redirect from ${from}`;
    tooLong(stubFileOf(from), what, at, from) || taken(stubFileOf(from), what, at, from, true);
  }
  return diagnostics;
}

/** Whether `name` clashes with none of the build's own names: its site-wide files, its content-hashed assets and their folders. */
function isFree(generated: OutputNames, name: string): boolean {
  if (!generated.isFree(name) || isHashedAsset(name)) return false;
  return !GENERATED_DIRS.some((dir, at) => name === dir || name.startsWith(GENERATED_FOLDERS[at]!) || (dir.startsWith(name) && dir.charCodeAt(name.length) === 0x2f));
}

/** GENERATED_DIRS as folder prefixes (`assets/pages/`). */
const GENERATED_FOLDERS = GENERATED_DIRS.map((dir) => `${dir}/`);

function textOf(what: string | (() => string)): string {
  return typeof what === 'string' ? what : what();
}

function placeOf(at: Place | (() => Place)): Place {
  return typeof at === 'function' ? at() : at;
}

/** The name as it clashes: `pages.json/index.html` clashes with `pages.json`. */
function ownName(name: string): string {
  const all = [...SITE_FILES, ...HOST_FILES, ...GENERATED_DIRS];
  return all.find((own) => name === own || name.startsWith(`${own}/`) || own.startsWith(`${name}/`)) ?? name;
}
