export type OutputContent = string | Uint8Array;

/**
 * A file's content made when it is first read, once, for every reader
 * (OutputSink.putDeferred). What `make` reads must outlive the build: a
 * page's body is let go once the page is written.
 */
export class DeferredContent {
  private made: Promise<Uint8Array> | undefined;

  constructor(private make: (() => Promise<OutputContent>) | undefined) {}

  bytes(): Promise<Uint8Array> {
    if (!this.made) {
      const make = this.make!;
      // What it was made from is let go with the closure: a reused deferred file may outlive many builds.
      this.make = undefined;
      this.made = make().then((content) => (typeof content === 'string' ? Buffer.from(content) : content));
    }
    return this.made;
  }
}

/** What a sink in memory holds for a file: its content, or how to make it (DeferredContent). */
export type HeldContent = OutputContent | DeferredContent;

/** A file the previous output made from the same inputs, taken over as it is. */
export interface ReusedOutput {
  name: string;
  /** What the producer stored with the file (a chunk's gzip size). */
  meta?: number;
}

export interface PutOptions {
  /**
   * What the content was made from (a hash of its inputs). A later build that
   * would make the same key can `reuse` the file instead of making it again.
   */
  key?: string;
  meta?: number;
}

/**
 * Where a build's output goes, file by file, as it is made: a folder on disk
 * (`docsbuild build`, see write.ts) or memory (`dev`, tests, the library).
 * Nothing holds the whole site's output unless the sink itself does.
 */
export interface OutputSink {
  /** Adds one file. A name is given once per build. */
  put(name: string, content: OutputContent, options?: PutOptions): Promise<void>;
  /**
   * Adds one file made a part at a time, each part written as it comes, so
   * the file is never held whole (llms-full.txt: 48 MB at 10,000 pages).
   * Resolves once the file is written, and is not queued behind other
   * writes: making the parts may `read` this build's files. A failure midway
   * leaves no file of that name. A sink without it is given the parts joined
   * (output/plan.ts writePlannedParts).
   */
  putParts?(name: string, parts: AsyncIterable<Uint8Array>, options?: PutOptions): Promise<void>;
  /**
   * Adds a file made only when it is first read: the dev server's page HTML,
   * which a site.yaml change (the nav is in every page) made again for every
   * page, 11.8 s at 10,000 pages, where a writer has one or two open. A sink
   * without it is given the content at once (output/plan.ts writePlanned).
   */
  putDeferred?(name: string, content: DeferredContent, options?: PutOptions): Promise<void>;
  /**
   * Does ahead what the first files would (OutputFolder: looks at which of
   * the previous output's files are still as recorded), called where the
   * build's thread has time to spare: while the pages are on a worker.
   */
  prepare?(): void;
  /**
   * Takes over the file the previous output made from `key`, if there is one
   * and it is unchanged since; the caller then need not make it again.
   */
  reuse(key: string): Promise<ReusedOutput | undefined>;
  has(name: string): boolean;
  /** Every name given so far, in the order given. */
  names(): string[];
  /** A file given earlier in this build (put or reused), for output made from other output (llms-full.txt). */
  read(name: string): Promise<OutputContent | undefined>;
  /**
   * The bytes of the file the previous output made from `key`, if it is
   * unchanged since, without taking it over: a file made again by
   * difference (llms-full.txt) copies what did not change from it.
   */
  readPrevious?(key: string): Promise<Uint8Array | undefined>;
  /**
   * Adds a copy of a file on disk, read a piece at a time (an asset, which
   * may be large), checked against the sha256 it was loaded with. A sink
   * without it is given the bytes (output/assets.ts putAsset).
   */
  copy?(name: string, from: CopiedFile): Promise<void>;
}

/** A file copied into the output as it is: where it is, its diagnostic path, and the sha256 (hex) its bytes had when the build read it. */
export interface CopiedFile {
  absolute: string;
  file: string;
  hash: string;
}

interface KeyedEntry {
  name: string;
  content: HeldContent;
  meta?: number;
}

/**
 * Output held in memory. Made from the previous build's MemoryOutput, it
 * reuses that build's keyed files, so a long-lived process (`dev`) skips
 * re-rendering what did not change, as a folder build does across runs.
 * `files` holds what was made; a subclass may also hold deferred files
 * (putDeferred), which are named and read like the others.
 */
export class MemoryOutput implements OutputSink {
  readonly files = new Map<string, OutputContent>();
  /** The files added by putDeferred, not made yet or made when read. */
  protected readonly deferred = new Map<string, DeferredContent>();
  private readonly keyed = new Map<string, KeyedEntry>();
  private readonly previous?: ReadonlyMap<string, KeyedEntry>;

  constructor(previous?: MemoryOutput) {
    this.previous = previous?.keyed;
  }

  async put(name: string, content: OutputContent, options: PutOptions = {}): Promise<void> {
    this.hold(name, content, options);
  }

  async reuse(key: string): Promise<ReusedOutput | undefined> {
    const entry = this.previous?.get(key);
    if (!entry || this.has(entry.name)) return undefined;
    this.hold(entry.name, entry.content, { key, meta: entry.meta });
    return { name: entry.name, meta: entry.meta };
  }

  has(name: string): boolean {
    return this.files.has(name) || this.deferred.has(name);
  }

  async read(name: string): Promise<OutputContent | undefined> {
    return this.files.get(name) ?? this.deferred.get(name)?.bytes();
  }

  async readPrevious(key: string): Promise<Uint8Array | undefined> {
    const content = this.previous?.get(key)?.content;
    return content instanceof DeferredContent ? content.bytes() : typeof content === 'string' ? Buffer.from(content) : content;
  }

  names(): string[] {
    return [...this.files.keys(), ...this.deferred.keys()];
  }

  protected hold(name: string, content: HeldContent, options: PutOptions): void {
    if (this.has(name)) throw new Error(`The output ${name} was made twice.`);
    if (content instanceof DeferredContent) this.deferred.set(name, content);
    else this.files.set(name, content);
    if (options.key !== undefined) this.keyed.set(options.key, { name, content, meta: options.meta });
  }
}
