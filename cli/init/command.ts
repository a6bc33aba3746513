import { constants, copyFileSync, existsSync, linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { SiteBase } from '../../schema/site-config';
import { UsageError } from '../support/errors';
import { addScripts } from './package-json';
import { gitignoreLines, ignoresFolder, npxCommandsFor, scaffoldFiles, scriptsFor, type Commands, type ScaffoldFile } from './scaffold';

export interface InitFlags {
  title?: string;
  base?: string;
}

export interface InitIo {
  /** The project root: where .gitignore, package.json and .github/ are. */
  cwd: string;
  /** Asks one question and returns the answer; absent when there is no terminal to ask on. */
  ask?: (question: string) => Promise<string>;
  log: (line: string) => void;
  /** This docsbuild's version, for `npx docsbuild@VERSION` where no package.json pins it. */
  version: string;
}

/** Files of a non-empty folder listed one by one; past this, a count. */
const MAX_LISTED = 10;

/** The folder of pages when none is given. */
export const DEFAULT_INIT_DIR = 'docs';

/** One file init writes whole, or one it edits (package.json, an existing .gitignore). */
interface Write {
  path: string;
  text: string;
  about: string;
  /** An edit of a file that exists (package.json, .gitignore); every other file must still be absent when written. */
  replaces?: boolean;
}

/**
 * `docsbuild init [DIR]`: a working site in DIR (the content folder), plus
 * what the project around it needs: a .gitignore line for the output, a CI
 * workflow, and package.json scripts when there is a package.json. Every
 * file is planned first; if any of them exists (or package.json has a script
 * of the same name) nothing at all is written and the clashes are listed.
 * Asks for the title and base only on a terminal, and only those the flags
 * leave open.
 */
export async function runInit(dir: string | undefined, flags: InitFlags, io: InitIo): Promise<void> {
  const root = path.resolve(io.cwd);
  const contentDir = path.resolve(root, dir ?? DEFAULT_INIT_DIR);
  const content = toPosix(path.relative(root, contentDir));
  if (content === '' || content.startsWith('..') || path.isAbsolute(content)) {
    throw new UsageError(
      `docsbuild init: ${dir} is not a folder inside this project. Run init from the project root with the folder for the pages, such as: docsbuild init ${DEFAULT_INIT_DIR}`,
    );
  }
  // The output sits beside the pages: docs/ → site/.
  const outName = path.basename(contentDir) === 'site' ? 'dist' : 'site';
  const out = toPosix(path.join(path.dirname(content), outName));

  if (flags.title !== undefined) checkTitle(flags.title);
  if (flags.base !== undefined) checkBase(flags.base);

  const packageFile = path.join(root, 'package.json');
  const packageText = existsSync(packageFile) ? readFileSync(packageFile, 'utf8') : undefined;
  const scripts = scriptsFor(content, out);
  const commands: Commands = packageText === undefined ? npxCommandsFor(content, out) : { dev: 'npm run docs:dev', build: 'npm run docs:build', check: 'npm run docs:check' };
  const ci =
    packageText === undefined
      ? { check: `npx --yes docsbuild@${io.version} ${scripts['docs:check']!.replace(/^docsbuild /, '')} --format github --strict` }
      : { install: 'npm ci', check: 'npm run docs:check -- --format github --strict' };

  // Clashes first, before any question: a refused init should not have asked anything.
  // The pages' folder must be new or empty: pages already there would
  // clash with ours in ways a file name does not show (index.md beside README.md is one page twice).
  const planned = scaffoldFiles({ title: 'x', base: '/', content, out, commands, ci });
  const inFolder = filesIn(contentDir, content);
  const clashes = [
    ...inFolder.slice(0, MAX_LISTED),
    ...(inFolder.length > MAX_LISTED ? [`${content}/… and ${inFolder.length - MAX_LISTED} more (init needs a new or empty folder)`] : []),
    ...planned.filter((file) => !file.path.startsWith(`${content}/`) && taken(path.join(root, file.path))).map((file) => file.path),
  ];
  for (const parent of parentsOf(planned)) if (isFile(path.join(root, parent))) clashes.push(`${parent} (a file, where init needs a folder)`);
  let packageEdit: string | undefined;
  if (packageText !== undefined) {
    const edit = addScripts(packageText, scripts);
    if (!edit.ok && 'invalid' in edit) throw new UsageError(`docsbuild init: package.json ${edit.invalid}. Nothing was written.`);
    if (edit.ok) packageEdit = edit.text;
    else clashes.push(...edit.clashes.map((name) => `package.json: scripts.${name}`));
  }
  if (clashes.length > 0) {
    throw new UsageError(
      [
        'docsbuild init writes into a new or empty folder and never overwrites anything; these are in the way:',
        ...clashes.map((clash) => `  ${clash}`),
        `Nothing was written. Move them away, or choose another folder: docsbuild init OTHER-FOLDER`,
      ].join('\n'),
    );
  }

  const title = flags.title ?? (await askTitle(io, defaultTitle(root, packageText)));
  const base = flags.base ?? (await askBase(io));
  const files: Write[] = scaffoldFiles({ title, base, content, out, commands, ci });
  const notes: string[] = [];

  const gitignoreFile = path.join(root, '.gitignore');
  if (!existsSync(gitignoreFile)) {
    files.push({ path: '.gitignore', text: `${gitignoreLines(out, true).join('\n')}\n`, about: `ignores node_modules/ and the built site, ${out}/` });
  } else {
    const text = readFileSync(gitignoreFile, 'utf8');
    if (!ignoresFolder(text, out)) {
      const eol = text.includes('\r\n') ? '\r\n' : '\n';
      const separator = text === '' || text.endsWith('\n') ? '' : eol;
      files.push({ path: '.gitignore', text: `${text}${separator}${gitignoreLines(out, false).join(eol)}${eol}`, about: `now ignores the built site, ${out}/`, replaces: true });
    }
  }
  if (packageEdit !== undefined) {
    files.push({ path: 'package.json', text: packageEdit, about: `new scripts: ${Object.keys(scripts).join(', ')}`, replaces: true });
    if (!/"docsbuild"\s*:/.test(packageText!)) notes.push('package.json does not list docsbuild yet: npm install --save-dev docsbuild (CI runs the version it pins).');
  }

  writeAll(root, files);
  const width = Math.max(...files.map((file) => file.path.length));
  io.log(`Created a docsbuild site in ${content}/:`);
  for (const file of files) io.log(`  ${file.path.padEnd(width)}  ${file.about}`);
  for (const note of notes) io.log(`\nNote: ${note}`);
  io.log('');
  io.log('Next:');
  const next = [
    [commands.dev, 'write with live reload (it prints the address)'],
    [commands.check, 'check every page, link and setting'],
    [commands.build, `build the site into ${out}/`],
  ];
  const commandWidth = Math.max(...next.map(([command]) => command!.length));
  for (const [command, what] of next) io.log(`  ${command!.padEnd(commandWidth)}  ${what}`);
}

/**
 * Every file is written beside its place first, then moved there, so an
 * interrupted init leaves whole files only. A new file is linked into place,
 * which fails rather than replace one that appeared since the check.
 */
function writeAll(root: string, files: Write[]): void {
  for (const file of files) {
    const target = path.join(root, file.path);
    mkdirSync(path.dirname(target), { recursive: true });
    const temporary = `${target}.tmp-${process.pid}`;
    writeFileSync(temporary, file.text);
    if (file.replaces) {
      renameSync(temporary, target);
      continue;
    }
    try {
      try {
        linkSync(temporary, target);
      } catch (error) {
        // A file system without hard links: a copy that refuses an existing target as well.
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw error;
        copyFileSync(temporary, target, constants.COPYFILE_EXCL);
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new UsageError(`docsbuild init: ${file.path} appeared while init was writing; it was left as it is.`);
      throw error;
    } finally {
      unlinkSync(temporary);
    }
  }
}

async function askTitle(io: InitIo, fallback: string): Promise<string> {
  if (!io.ask) return fallback;
  for (;;) {
    const answer = (await io.ask(`Site title (${fallback}): `)).trim() || fallback;
    try {
      return checkTitle(answer);
    } catch (error) {
      io.log((error as Error).message);
    }
  }
}

async function askBase(io: InitIo): Promise<string> {
  if (!io.ask) return '/';
  for (;;) {
    const answer = (await io.ask('Served under which path? "/" for a domain of its own, or like "/docs/" (/): ')).trim() || '/';
    try {
      return checkBase(answer);
    } catch (error) {
      io.log((error as Error).message);
    }
  }
}

function checkTitle(title: string): string {
  if (title.trim() === '' || /[\r\n]/.test(title)) throw new UsageError('--title must be one line of text, such as --title "Acme docs".');
  return title.trim();
}

function checkBase(base: string): string {
  const parsed = SiteBase.safeParse(base);
  if (!parsed.success) throw new UsageError(`--base ${parsed.error.issues[0]!.message}; "/" serves the site at the root.`);
  return parsed.data;
}

/** The project's name: its package's without the scope, or its folder's (the viewer adds "Docs" after it). */
function defaultTitle(root: string, packageText: string | undefined): string {
  let name: unknown;
  try {
    name = packageText === undefined ? undefined : (JSON.parse(packageText) as { name?: unknown }).name;
  } catch {
    name = undefined;
  }
  const project = typeof name === 'string' && name !== '' ? name.replace(/^@[^/]+\//, '') : path.basename(root);
  return project;
}

/** What a folder may hold and still count as empty: files left by tools, never pages. */
const IGNORED_IN_EMPTY_FOLDER = new Set(['.DS_Store', '.gitkeep', '.keep', 'Thumbs.db']);

/** The files and empty folders under `dir` (none if it does not exist), relative to the root, sorted. */
function filesIn(dir: string, relative: string): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const found: string[] = [];
  for (const entry of entries.filter((e) => !IGNORED_IN_EMPTY_FOLDER.has(e.name))) {
    const name = `${relative}/${entry.name}`;
    if (!entry.isDirectory()) found.push(name);
    else {
      const inside = filesIn(path.join(dir, entry.name), name);
      found.push(...(inside.length > 0 ? inside : [`${name}/`]));
    }
  }
  return found.sort();
}

/** A path init would write to is taken by anything at all there: a file, a folder, a dangling link. */
function taken(file: string): boolean {
  try {
    lstatSync(file);
    return true;
  } catch {
    return false;
  }
}

function isFile(file: string): boolean {
  try {
    return !statSync(file).isDirectory();
  } catch {
    return false;
  }
}

/** Every folder above the planned files, relative to the root. */
function parentsOf(files: ScaffoldFile[]): string[] {
  const parents = new Set<string>();
  for (const file of files) {
    for (let dir = path.posix.dirname(file.path); dir !== '.'; dir = path.posix.dirname(dir)) parents.add(dir);
  }
  return [...parents].sort();
}

function toPosix(file: string): string {
  return file.split(path.sep).join('/');
}
