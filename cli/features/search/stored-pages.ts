import type { PreparedSearchPage } from './index-builder';

/** The part of a Map the search feature uses of its prepared pages, kept in memory (dev) or stored (CLI). */
export interface PreparedPages {
  has(pageKey: string): boolean;
  get(pageKey: string): PreparedSearchPage | undefined;
  set(pageKey: string, prepared: PreparedSearchPage | undefined): void;
  delete(pageKey: string): boolean;
  keys(): Iterable<string>;
}

/**
 * Prepared pages as a CLI build stores them between runs (FeatureStates):
 * each page one JSON string, decoded only when the index takes it. As
 * objects, 10,000 pages' counted words were about 700 MB of heap and took
 * seconds to deserialize; as strings they are a fraction of that, and
 * loaded as fast as they are read.
 */
export class EncodedPreparedPages implements PreparedPages {
  constructor(readonly encoded: Map<string, string> = new Map()) {}

  has(pageKey: string): boolean {
    return this.encoded.has(pageKey);
  }

  get(pageKey: string): PreparedSearchPage | undefined {
    const text = this.encoded.get(pageKey);
    return text === undefined ? undefined : ((JSON.parse(text) as PreparedSearchPage | null) ?? undefined);
  }

  set(pageKey: string, prepared: PreparedSearchPage | undefined): void {
    this.encoded.set(pageKey, JSON.stringify(prepared ?? null));
  }

  delete(pageKey: string): boolean {
    return this.encoded.delete(pageKey);
  }

  keys(): Iterable<string> {
    return this.encoded.keys();
  }
}
