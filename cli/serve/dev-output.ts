import { DeferredContent, MemoryOutput, type OutputContent, type PutOptions } from '../output/sink';

/**
 * The dev server's output: a MemoryOutput whose files are kept as UTF-8
 * bytes. The engine holds its last build's output for the server's life,
 * and as strings it was most of the heap (at 10,000 pages several hundred
 * MB, most of it two-byte strings: the HTML has characters beyond Latin-1),
 * which every major collection marks and the quick edits' scavenges work
 * around. As Buffers it is outside the heap and about half the size; the
 * served files are views of the same bytes.
 *
 * Page HTML is deferred (putDeferred): made when a browser asks for it, so
 * a site.yaml change costs the pages a writer opens, not every page.
 */
export class DevOutput extends MemoryOutput {
  override put(name: string, content: OutputContent, options?: PutOptions): Promise<void> {
    return super.put(name, typeof content === 'string' ? Buffer.from(content) : content, options);
  }

  async putDeferred(name: string, content: DeferredContent, options: PutOptions = {}): Promise<void> {
    this.hold(name, content, options);
  }

  /** The deferred files, by name: made when read. */
  get deferredFiles(): ReadonlyMap<string, DeferredContent> {
    return this.deferred;
  }
}
