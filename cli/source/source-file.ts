import type { TextFacts } from './text-facts';

/** One file of the content tree, decoded. */
export interface SourceFile {
  /** Path relative to the content root, with "/" separators: `api/rest/README.md`. */
  relativePath: string;
  /** Path relative to the project root, for diagnostics: `content/api/rest/README.md`. */
  file: string;
  /** UTF-8 text with any BOM removed and CRLF line endings turned into LF. */
  text: string;
  /**
   * The files the page includes or imports snippets from (directly or
   * through an include), by path from the project root; null when missing.
   * Read by source/imports.ts, part of the page's cache key.
   */
  dependencies?: Readonly<Record<string, string | null>>;
  /** What the site needs of `text` before pages are processed (source/text-facts.ts): kept from an earlier build or scanned at load. */
  facts?: TextFacts;
  /**
   * The code blocks of the page's last version, by key (page/stored-code-blocks.ts):
   * set on a page about to be processed again, and sent with it to a worker.
   */
  storedBlocks?: ReadonlyMap<string, string>;
}

/** A text's hash known without hashing it: good for that very text only (page/cache.ts checks it is the page's). */
export interface KnownTextHash {
  hash: string;
  /** Whether a source's text is the very text the hash was kept for. */
  isTextOf(source: SourceFile): boolean;
}
