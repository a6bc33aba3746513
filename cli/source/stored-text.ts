import type { KnownTextHash, SourceFile } from './source-file';
import { decodeUtf8 } from './utf8';
import type { TextFacts } from './text-facts';

/**
 * A page loaded from the bytes a store kept for it (source/stored-sources.ts),
 * its text decoded only when first read. A build after an edit reads the
 * text of few unchanged pages (their hash, and their facts, are kept with
 * the bytes): decoded at load, the texts of 10,000 pages were 85 MB of young
 * strings, copied by the collector and let go moments later. The bytes are a
 * view into the store's buffer, which is outside the heap.
 *
 * `known` is the kept hash of the text, taken by the page cache's key
 * (page/cache.ts) only while the source's text is still this one: the lazy
 * text itself, or the string it was decoded to.
 */
export function storedTextSource(
  page: { relativePath: string; file: string; facts: TextFacts },
  bytes: Buffer,
  hash: string,
): { source: SourceFile; known: KnownTextHash } {
  const state: LazyText = { bytes };
  const source = { relativePath: page.relativePath, file: page.file, facts: page.facts };
  // The same accessors for every page (their state under a symbol no copy takes): the sources share one shape.
  Object.defineProperty(source, STATE, { value: state });
  Object.defineProperty(source, 'text', { get: lazyText, set: replaceText, enumerable: true, configurable: true });
  const isTextOf = (other: SourceFile) =>
    (other === source && Object.getOwnPropertyDescriptor(other, 'text')?.get === lazyText) || (state.text !== undefined && other.text === state.text);
  return { source: source as SourceFile, known: { hash, isTextOf } };
}

/** A stored page's text: its bytes until first read, then the string they decode to. */
interface LazyText {
  bytes?: Buffer;
  text?: string;
}

const STATE = Symbol('stored text');

function lazyText(this: { [STATE]: LazyText; file: string }): string {
  const state = this[STATE];
  if (state.text === undefined) {
    // The store keeps only bytes that decoded, behind a checksum: anything else is a fault of ours, not of the page.
    const text = decodeUtf8(state.bytes!);
    if (text === undefined) throw new Error(`The stored bytes of ${this.file} are not UTF-8 text.`);
    state.text = text;
    state.bytes = undefined;
  }
  return state.text;
}

/** A text set (a page let go once summarised) takes the lazy one's place, and the bytes are let go. */
function replaceText(this: { [STATE]: LazyText }, value: string): void {
  Object.defineProperty(this, 'text', { value, writable: true, enumerable: true, configurable: true });
  this[STATE].bytes = undefined;
}

/** Whether the source's text is still the lazy one of the bytes a store kept (it was not read from disk in this build). */
export function isStoredText(source: SourceFile): boolean {
  return Object.getOwnPropertyDescriptor(source, 'text')?.get === lazyText;
}

/**
 * The pages read from disk in this build rather than taken from the store
 * (source/stored-sources.ts), and those that include one: after an edit,
 * the edited pages and their includers, all but sure to miss the page cache.
 * A build with no store reads every page from disk.
 */
export function readFromDisk(pages: readonly SourceFile[]): (source: SourceFile) => boolean {
  const read = new Set(pages.filter((page) => !isStoredText(page)).map((page) => page.file));
  return (source) => read.has(source.file) || Object.keys(source.dependencies ?? {}).some((file) => read.has(file));
}
