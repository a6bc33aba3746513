import { createHash } from 'node:crypto';
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { CHUNK_DIR } from '../output/layout';
import type { DeferredContent } from '../output/sink';
import { compress, type CompressionLevel, type Encoding } from './encoding';

/** One file as served: its bytes, a strong validator, and its compressed forms once asked for. */
export class StaticEntry {
  /** Quoted strong ETag of the bytes; encodings add a suffix (a different representation, a different tag). */
  readonly etag: string;
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();

  constructor(readonly body: Buffer) {
    this.etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  }

  /** The body in an encoding, compressed on first use and kept: later requests cost nothing. */
  encode(encoding: Exclude<Encoding, 'identity'>, level: CompressionLevel): Promise<Buffer> {
    let pending = this.encoded.get(encoding);
    if (!pending) {
      pending = compress(this.body, encoding, level);
      this.encoded.set(encoding, pending);
      pending.catch(() => this.encoded.delete(encoding));
    }
    return pending;
  }
}

/** Where the static handler gets files: dist/ on disk (preview) or a build in memory (dev). */
export interface FileSource {
  /** The file at an output name (`limits/index.html`), or undefined when there is none. */
  get(name: string): Promise<StaticEntry | undefined>;
}

/** How the served bytes of a file are made from the built file (`dev`: each page loads the dev entry); `key` names the form. */
export interface ServedForm {
  key: string;
  of(name: string, content: string | Uint8Array): string | Uint8Array;
}

/** A name as requestTarget() produces: relative, no empty, `.` or `..` segments, no `\` or NUL. Checked again here. */
function isPlainName(name: string): boolean {
  return name !== '' && !path.isAbsolute(name) && !/[\0\\]/.test(name) && name.split('/').every((s) => s !== '' && s !== '.' && s !== '..');
}

/** An entry of a file made when first asked for (a deferred file): made once, then kept. */
type Entry = StaticEntry | { pending: () => Promise<StaticEntry> };

/**
 * A build's files in memory. `update` keeps the entry (and its compressed
 * forms) of every file whose bytes did not change, so a rebuild re-encodes
 * only what it changed. Between a quick edit's `patch` (its page's files)
 * and the build after it (`update`, or `settle` when that build failed), the
 * other files are stale: a request for one waits for the build rather than
 * get a mix, except a page chunk (content-hashed: never stale). A build that
 * failed takes the patches back: the last good build is served whole, as the
 * tabs show it again (viewer/dev/quick-chunks.ts).
 */
export class MemorySource implements FileSource {
  private entries = new Map<string, Entry>();
  /** What each entry was made from: a file the build took over unchanged is the same string or array, and is not copied or compared again. */
  private madeFrom = new Map<string, string | Uint8Array | DeferredContent>();
  /** The served form the entries were made with (update). */
  private formKey: string | undefined;
  /** While stale: the patched names with what they replaced (undefined: no file), and the build's arrival that ends it. */
  private stale: { fresh: Map<string, { entry?: Entry; madeFrom?: string | Uint8Array | DeferredContent }>; settled: Promise<void>; settle: () => void } | undefined;

  /**
   * The build's files, served as `form` makes them from the built ones when
   * given. Only the built files are kept in the heap (the build's own
   * strings): a served form differs only for files that changed, and lives
   * in its entry's buffer. A new `form.key` makes every file again.
   * `deferred` files are made when first asked for (the dev server's page
   * HTML: after a site.yaml change, every page's differs).
   */
  update(files: ReadonlyMap<string, string | Uint8Array>, form?: ServedForm, deferred: ReadonlyMap<string, DeferredContent> = new Map()): void {
    const next = new Map<string, Entry>();
    const madeFrom = new Map<string, string | Uint8Array | DeferredContent>();
    const sameForm = form?.key === this.formKey;
    for (const [name, content] of files) {
      const old = this.entries.get(name);
      madeFrom.set(name, content);
      if (old && sameForm && this.madeFrom.get(name) === content) {
        next.set(name, old);
        continue;
      }
      const body = bodyOf(form ? form.of(name, content) : content);
      next.set(name, old instanceof StaticEntry && old.body.equals(body) ? old : new StaticEntry(body));
    }
    for (const [name, content] of deferred) {
      const old = this.entries.get(name);
      madeFrom.set(name, content);
      next.set(name, old && sameForm && this.madeFrom.get(name) === content ? old : pendingEntry(() => content.bytes().then((bytes) => new StaticEntry(bodyOf(form ? form.of(name, bytes) : bytes)))));
    }
    this.entries = next;
    this.madeFrom = madeFrom;
    this.formKey = form?.key;
    this.endStale();
  }

  /** A quick edit's files, served at once; the others are stale until the next `update` or `settle`. */
  patch(files: ReadonlyMap<string, string | Uint8Array>): void {
    if (!this.stale) {
      let settle = () => {};
      const settled = new Promise<void>((resolve) => (settle = resolve));
      this.stale = { fresh: new Map(), settled, settle };
    }
    for (const [name, content] of files) {
      if (!this.stale.fresh.has(name)) this.stale.fresh.set(name, { entry: this.entries.get(name), madeFrom: this.madeFrom.get(name) });
      this.entries.set(name, new StaticEntry(bodyOf(content)));
      this.madeFrom.set(name, content);
    }
  }

  /** Ends a stale spell without new files: the build after a quick edit failed, and the last good files are served again, the patched ones too. */
  settle(): void {
    for (const [name, before] of this.stale?.fresh ?? []) {
      if (before.entry) this.entries.set(name, before.entry);
      else this.entries.delete(name);
      if (before.madeFrom) this.madeFrom.set(name, before.madeFrom);
      else this.madeFrom.delete(name);
    }
    this.endStale();
  }

  /** Answers the requests that waited for the build. */
  private endStale(): void {
    this.stale?.settle();
    this.stale = undefined;
  }

  async get(name: string): Promise<StaticEntry | undefined> {
    if (!isPlainName(name)) return undefined;
    const stale = this.stale;
    if (stale && !stale.fresh.has(name) && !name.startsWith(`${CHUNK_DIR}/`)) {
      await stale.settled;
      return this.get(name);
    }
    const entry = this.entries.get(name);
    if (!entry || entry instanceof StaticEntry) return entry;
    const entries = this.entries;
    const made = await entry.pending();
    // Kept for later requests, unless a build or a quick edit replaced it meanwhile.
    if (entries.get(name) === entry) entries.set(name, made);
    return made;
  }
}

/** An entry made once, by the first request for it. */
function pendingEntry(make: () => Promise<StaticEntry>): Entry {
  let made: Promise<StaticEntry> | undefined;
  return { pending: () => (made ??= make()) };
}

function bodyOf(content: string | Uint8Array): Buffer {
  return typeof content === 'string' ? Buffer.from(content) : Buffer.from(content.buffer, content.byteOffset, content.byteLength);
}

/**
 * A folder on disk, read lazily and kept in memory while the file's size,
 * mtime and inode stay the same. Nothing outside the folder is ever read:
 * names are checked, and symbolic links that resolve outside it are refused.
 */
export class DiskSource implements FileSource {
  private readonly cache = new Map<string, { stamp: string; entry: StaticEntry }>();
  private realRoot: Promise<string>;

  constructor(private readonly root: string) {
    this.realRoot = realpath(path.resolve(root));
  }

  async get(name: string): Promise<StaticEntry | undefined> {
    if (!isPlainName(name)) return undefined;
    const root = await this.realRoot;
    const file = path.join(root, ...name.split('/'));
    if (!file.startsWith(root + path.sep)) return undefined;
    let real: string;
    try {
      real = await realpath(file);
    } catch {
      return undefined;
    }
    if (!real.startsWith(root + path.sep)) return undefined;
    const info = await stat(real).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    const stamp = `${info.size}:${info.mtimeMs}:${info.ino}`;
    const cached = this.cache.get(name);
    if (cached?.stamp === stamp) return cached.entry;
    const entry = new StaticEntry(await readFile(real));
    this.cache.set(name, { stamp, entry });
    return entry;
  }
}
