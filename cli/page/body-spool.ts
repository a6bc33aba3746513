import { mkdtemp, open, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeBody, encodeBody } from './body-bytes';
import type { PageBody, PageBodyBytes } from './types';

/**
 * Rendered bodies waiting to be written, in one temporary file instead of
 * memory: a build without a page cache held every page's body from the
 * per-page stages to the writing (about 28 KB a page; 430 MiB peak at 2,000
 * pages). Each body is appended as the bytes of its JSON (page/body-bytes.ts,
 * as a worker sends it) where the file ends and read back once, when its
 * page is written. The file is removed by `close`.
 */
export class BodySpool {
  private readonly places = new Map<number, { at: number; length: number }>();
  private end = 0;

  private constructor(
    private readonly dir: string,
    private readonly handle: FileHandle,
  ) {}

  /** A spool in a new folder under `parent` (the system's temporary folder); undefined when none can be made (bodies stay in memory then). */
  static async open(parent = tmpdir()): Promise<BodySpool | undefined> {
    let dir: string | undefined;
    try {
      dir = await mkdtemp(path.join(parent, 'docsbuild-bodies-'));
      return new BodySpool(dir, await open(path.join(dir, 'bodies.bin'), 'w+'));
    } catch {
      if (dir) await rm(dir, { recursive: true, force: true }).catch(() => undefined);
      return undefined;
    }
  }

  /** Stores the body of page `index`; false when it could not be written (the caller keeps it then). */
  async put(index: number, body: PageBody | PageBodyBytes): Promise<boolean> {
    const bytes = body instanceof Uint8Array ? body : encodeBody(body);
    // Its place is taken before the write starts: writes run at once, each at its own offset.
    const at = this.end;
    this.end += bytes.length;
    try {
      await this.handle.write(bytes, 0, bytes.length, at);
    } catch {
      return false;
    }
    this.places.set(index, { at, length: bytes.length });
    return true;
  }

  /** Whether page `index`'s body is here, not yet taken. */
  has(index: number): boolean {
    return this.places.has(index);
  }

  /** Page `index`'s body, once; undefined when it is not here or cannot be read back whole (the caller makes it again). */
  async take(index: number): Promise<PageBody | undefined> {
    const place = this.places.get(index);
    if (!place) return undefined;
    this.places.delete(index);
    try {
      const bytes = Buffer.allocUnsafe(place.length);
      const { bytesRead } = await this.handle.read(bytes, 0, place.length, place.at);
      if (bytesRead !== place.length) return undefined;
      return decodeBody(bytes);
    } catch {
      return undefined;
    }
  }

  /** Closes and removes the file; bodies not taken are gone. */
  async close(): Promise<void> {
    this.places.clear();
    await this.handle.close().catch(() => undefined);
    await rm(this.dir, { recursive: true, force: true }).catch(() => undefined);
  }
}
