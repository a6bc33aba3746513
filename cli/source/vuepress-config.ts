import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { escapeRegExp } from '../support/regexp';

/** A VuePress config as its module exported it, as plain data: functions and other code stand as `{ [CODE_MARK]: kind }`. */
export interface VuepressConfigResult {
  /** The exported object, when the config ran. */
  value?: unknown;
  /**
   * What went wrong, with the config's line where it can be told (for an
   * error thrown in a module the config requires: the config's line that
   * requires it), and `thrownIn`, the file:line it was thrown at when that
   * is not the config itself.
   */
  failure?: { message: string; line?: number; column?: number; thrownIn?: string };
  /**
   * Packages the config requires that are not installed, in the order
   * required: each was answered with a stand-in, so the config still ran.
   */
  standIns?: StandIn[];
}

/**
 * A package that was not installed, answered with a stand-in. Required by a
 * module the config loads: the config's line that loads that module, and
 * `requiredIn`, the file:line that required the package (as a failure's `thrownIn`).
 */
export interface StandIn {
  name: string;
  line?: number;
  column?: number;
  requiredIn?: string;
}

/** What stands in the data for a value that is code (a function, a class instance): `{ "$code": "function" }`. */
export const CODE_MARK = '$code';

/** A value of the config's data that stands for code. */
export function isCode(value: unknown): boolean {
  return value !== null && typeof value === 'object' && CODE_MARK in value;
}

/** An object of the config's data: not an array, not code. */
export function isConfigRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !isCode(value);
}

/** A config runs in its own process for at most this long: a config that waits on something never ends a build. */
export const CONFIG_TIME_LIMIT_MS = 10_000;

/**
 * Runs the user's `.vuepress/config.{js,cjs,mjs,ts}` in a child process (so
 * what it does cannot touch the build's own state, and a hang is cut off)
 * and returns what it exports as plain data. The config is turned into
 * CommonJS by esbuild first (TypeScript and `export default` too), with a
 * source map so errors keep their lines.
 * Never throws: a config that fails is a `failure` with its message and line.
 */
export async function runVuepressConfig(absolute: string, text: string, timeLimitMs = CONFIG_TIME_LIMIT_MS): Promise<VuepressConfigResult> {
  let code: string | undefined;
  // Compiled as CommonJS whatever the nearest package.json's "type" says: VuePress 1 configs are written for require().
  if (!absolute.endsWith('.mjs')) {
    try {
      const loader = absolute.endsWith('.ts') ? 'ts' : 'js';
      const { transform } = await import('esbuild');
      code = (await transform(text, { loader, format: 'cjs', platform: 'node', sourcemap: 'inline', sourcefile: absolute })).code;
    } catch (error) {
      const first = (error as { errors?: { text: string; location?: { line: number; column: number } }[] }).errors?.[0];
      return { failure: { message: first?.text ?? String(error), line: first?.location?.line, column: first && (first.location?.column ?? 0) + 1 } };
    }
  }
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--enable-source-maps', '-e', RUNNER, absolute], {
      cwd: path.dirname(absolute),
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    let settled = false;
    const finish = (result: VuepressConfigResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.exitCode === null) child.kill('SIGKILL');
      resolve(result);
    };
    const timer = setTimeout(
      () => finish({ failure: { message: `it did not finish within ${timeLimitMs / 1000} s (does it wait for a server or a prompt?)` } }),
      timeLimitMs,
    );
    child.stderr?.on('data', (chunk: Buffer) => {
      if (stderr.length < 64 * 1024) stderr += chunk.toString();
    });
    child.on('message', (message: { ok: boolean; value?: unknown; standIns?: { name: string; stack: string }[]; message?: string; stack?: string }) => {
      const standIns = message.standIns && message.standIns.length > 0 ? { standIns: message.standIns.map(({ name, stack }) => standInAt(name, stack, absolute)) } : {};
      if (message.ok) finish({ value: message.value, ...standIns });
      else {
        const { otherFile, ...line } = placeInConfig(message.stack ?? '', absolute);
        finish({ failure: { message: (message.message ?? 'it failed').trim(), ...line, ...(otherFile === undefined ? {} : { thrownIn: otherFile }) }, ...standIns });
      }
    });
    child.on('error', (error) => finish({ failure: { message: error.message } }));
    child.on('close', (status) => {
      const said = stderr.trim().split('\n').find((line) => /Error/.test(line));
      finish({ failure: { message: said ?? `it stopped (exit status ${status}) before exporting a config`, ...lineIn(stderr, absolute) } });
    });
    child.send({ code, esbuild: createRequire(import.meta.url).resolve('esbuild') });
  });
}

/**
 * Where a stack trace (of a throw, or of a require answered by a stand-in)
 * meets the config: the config's own line (for a module it loads, the line
 * that loads it), and `otherFile`, the file:line the trace starts in when
 * that is another file.
 */
function placeInConfig(stack: string, absolute: string): { line?: number; column?: number; otherFile?: string } {
  const first = firstFileIn(stack, process.cwd());
  return { ...lineIn(stack, absolute), ...(first === undefined || first.file === absolute ? {} : { otherFile: first.place }) };
}

/** A stand-in, placed by the stack of its require: the config's own require needs no place (its text names the package). */
function standInAt(name: string, stack: string, absolute: string): StandIn {
  const { otherFile, line, column } = placeInConfig(stack, absolute);
  return otherFile === undefined ? { name } : { name, line, column, requiredIn: otherFile };
}

/** The first place in a stack trace that is in the config file itself. */
function lineIn(stack: string, absolute: string): { line?: number; column?: number } {
  const match = new RegExp(`${escapeRegExp(absolute)}:(\\d+)(?::(\\d+))?`).exec(stack);
  return match ? { line: Number(match[1]), column: match[2] === undefined ? undefined : Number(match[2]) } : {};
}

/** The first place in a stack trace that is a file (not Node's own), its path relative to `from`: `lib/utils/index.js:501`. */
function firstFileIn(stack: string, from: string): { file: string; place: string } | undefined {
  for (const line of stack.split('\n')) {
    const text = line.trim();
    if (!text.startsWith('at ')) continue;
    // `at name (/a/b.js:1:2)` or `at /a/b.js:1:2`
    const location = text.endsWith(')') ? text.slice(text.lastIndexOf('(') + 1, -1) : text.slice(3);
    const lineEnd = location.lastIndexOf(':');
    const lineStart = location.lastIndexOf(':', lineEnd - 1);
    const file = location.slice(0, lineStart);
    if (lineStart <= 0 || !path.isAbsolute(file)) continue;
    return { file, place: `${path.relative(from, file).split(path.sep).join('/')}:${location.slice(lineStart + 1, lineEnd)}` };
  }
  return undefined;
}

/**
 * The child's side, run with `node -e`: it loads the config as VuePress
 * would (require, or import for ES modules, or the compiled TypeScript
 * under the config's own name so require() resolves from its folder),
 * turns the export into plain data and sends it back.
 */
const RUNNER = `
const Module = require('node:module');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const file = process.argv[1];
// Deep enough that the config's own frame is in the trace when a module it requires throws, many requires down.
Error.stackTraceLimit = 100;
const plain = (value, seen) => {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'function') return { ${JSON.stringify(CODE_MARK)}: 'function' };
  if (typeof value !== 'object') return undefined;
  if (value instanceof RegExp) return { ${JSON.stringify(CODE_MARK)}: 'regexp' };
  if (seen.has(value)) return { ${JSON.stringify(CODE_MARK)}: 'circular' };
  seen.add(value);
  let out;
  if (Array.isArray(value)) out = value.map((item) => { const p = plain(item, seen); return p === undefined ? null : p; });
  else {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) { seen.delete(value); return { ${JSON.stringify(CODE_MARK)}: 'object' }; }
    out = {};
    for (const key of Object.keys(value)) { const p = plain(value[key], seen); if (p !== undefined) out[key] = p; }
  }
  seen.delete(value);
  return out;
};
// A package that is not installed (a markdown-it plugin, a theme: a checkout without npm install, or after
// VuePress's packages were removed) is answered with a stand-in that any use leaves as itself, so the
// data around it still arrives. Never thenable: an await on it must not wait for ever. In a string it is
// '' and in a sum NaN (a template literal in the config's own modules must not throw), and it iterates as empty.
const standIns = [];
const asPrimitive = (hint) => (hint === 'number' ? NaN : '');
const iterateNothing = function* () {};
const standIn = () => {
  const proxy = new Proxy(function () {}, {
    get: (target, key) => {
      if (key === Symbol.toPrimitive) return asPrimitive;
      if (key === Symbol.iterator) return iterateNothing;
      return typeof key === 'symbol' || key === 'then' ? undefined : proxy;
    },
    apply: () => proxy,
    construct: () => proxy,
  });
  return proxy;
};
const isPackage = (id) => typeof id === 'string' && !/^(?:[./]|node:)/.test(id) && !path.isAbsolute(id);
// The modules a config requires: TypeScript ones compiled on the way (as VuePress 1.9 does),
// 'vuepress/config' (defineConfig, types) answered here when VuePress itself is no longer installed,
// and other packages that are not installed answered by stand-ins.
const installHooks = (esbuildPath) => {
  Module._extensions['.ts'] = (module, filename) => {
    const { transformSync } = require(esbuildPath);
    const source = require('node:fs').readFileSync(filename, 'utf8');
    module._compile(transformSync(source, { loader: 'ts', format: 'cjs', platform: 'node', sourcemap: 'inline', sourcefile: filename }).code, filename);
  };
  const load = Module.prototype.require;
  const identity = (config) => config;
  Module.prototype.require = function (id) {
    try {
      return load.apply(this, arguments);
    } catch (error) {
      const missing = error && error.code === 'MODULE_NOT_FOUND' && String(error.message).includes("'" + id + "'");
      if (id === 'vuepress/config' && missing) return { defineConfig: identity, defineConfig4CustomTheme: identity };
      if (!missing || !isPackage(id)) throw error;
      // With the stack of the require: a module of the site's own that requires the package is named, and the config's line that loads it.
      if (!standIns.some((s) => s.name === id)) standIns.push({ name: id, stack: String(new Error().stack) });
      return standIn();
    }
  };
};
process.once('message', async ({ code, esbuild }) => {
  try {
    installHooks(esbuild);
    let exported;
    if (code !== undefined) {
      const m = new Module(file, null);
      m.filename = file;
      m.paths = Module._nodeModulePaths(path.dirname(file));
      m._compile(code, file);
      exported = m.exports;
    } else if (file.endsWith('.mjs')) {
      exported = await import(pathToFileURL(file).href);
    } else {
      exported = require(file);
    }
    if (exported && typeof exported === 'object' && 'default' in exported && (exported.__esModule || file.endsWith('.mjs') || code !== undefined)) exported = exported.default;
    // A config may be a function of VuePress's context: docsbuild builds for production.
    if (typeof exported === 'function') exported = await exported({ isProd: true });
    process.send({ ok: true, value: plain(exported, new Set()), standIns }, () => process.exit(0));
  } catch (error) {
    const message = error && error.message ? String(error.message).split('\\n')[0] : String(error);
    process.send({ ok: false, message, stack: error && error.stack ? String(error.stack) : '', standIns }, () => process.exit(0));
  }
});
`;
