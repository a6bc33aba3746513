import type { KnownTextHash, SourceFile } from './source-file';
import { decodeUtf8 } from './utf8';
import type { TextFacts } from './text-facts';
import { textHash } from '../support/hash';
import { UsageError } from '../support/errors';

/**
 * A page known from the last build (source/stored-sources.ts: its stat is
 * unchanged), its text read from the disk and decoded only when first read.
 * A build after an edit reads the text of few unchanged pages (their hash,
 * and their facts, are kept): read at load, the texts of 10,000 pages were
 * 50 MB to read and 85 MB of young strings, let go moments later.
 *
 * `known` is the kept hash of the text, taken by the page cache's key
 * (page/cache.ts) only while the source's text is still this one: the lazy
 * text itself, or the string it was decoded to. The text read is checked
 * against that hash: a page written again after the build took its stat
 * (within the same size and times) stops the build rather than being built
 * under the key of its old text.
 */
export function storedTextSource(
  page: { relativePath: string; file: string; facts: TextFacts },
  load: () => Buffer,
  hash: string,
): { source: SourceFile; known: KnownTextHash } {
  const state: LazyText = { load, hash };
  const source = { relativePath: page.relativePath, file: page.file, facts: page.facts };
  // The same accessors for every page (their state under a symbol no copy takes): the sources share one shape.
  Object.defineProperty(source, STATE, { value: state });
  Object.defineProperty(source, 'text', { get: lazyText, set: replaceText, enumerable: true, configurable: true });
  const isTextOf = (other: SourceFile) =>
    (other === source && Object.getOwnPropertyDescriptor(other, 'text')?.get === lazyText) || (state.text !== undefined && other.text === state.text);
  return { source: source as SourceFile, known: { hash, isTextOf } };
}

/** A page changed (or went) while the build was running: built again, it is read as it is then. */
export class SourceChangedError extends UsageError {}

/** A stored page's text: read when first asked for, then the string it decoded to. */
interface LazyText {
  load?: () => Buffer;
  hash: string;
  text?: string;
}

const STATE = Symbol('stored text');

function lazyText(this: { [STATE]: LazyText; file: string }): string {
  const state = this[STATE];
  if (state.text === undefined) {
    let text: string | undefined;
    try {
      text = decodeUtf8(state.load!());
    } catch {
      text = undefined;
    }
    if (text === undefined || textHash(text) !== state.hash) {
      throw new SourceChangedError(`${this.file} changed while docsbuild was building: run the build again. Nothing was written.`);
    }
    state.text = text;
    state.load = undefined;
  }
  return state.text;
}

/** A text set (a page let go once summarised) takes the lazy one's place, and the bytes are let go. */
function replaceText(this: { [STATE]: LazyText }, value: string): void {
  Object.defineProperty(this, 'text', { value, writable: true, enumerable: true, configurable: true });
  this[STATE].load = undefined;
}

/** Whether the source's text is still the lazy one of a page known from the last build (it was not read at load in this build). */
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
