import { FileHashes } from '../source/file-hashes';
import { UnchangedFiles } from '../source/unchanged-files';
import type { PageBody, PageSummary } from './types';

/**
 * Page results a long-lived process (the dev server) keeps between builds,
 * by the page cache's key (a hash of everything a page is made from): an
 * unchanged page is then neither processed nor read back from the cache's
 * files, so an edit costs the pages it changed. Same key, same result: the
 * output does not depend on where a summary came from.
 */
export class PageMemory {
  /** The content files' bytes, read again only when their stat changed. */
  readonly files = new UnchangedFiles();
  /** The assets' hashes (their bytes are never held), made again only when their stat changed. */
  readonly assetHashes = new FileHashes();
  /** What output features keep between builds, by feature name (EmitContext.kept). */
  readonly features = new Map<string, unknown>();
  private entries = new Map<string, { summary: PageSummary; body?: PageBody }>();
  private values = new Map<string, { material: string; value: unknown }>();
  private seen = new Set<string>();

  get(key: string): { summary: PageSummary; body?: PageBody } | undefined {
    this.seen.add(key);
    return this.entries.get(key);
  }

  /** `body` only when there is no page cache to read it back from. */
  set(key: string, summary: PageSummary, body?: PageBody): void {
    this.seen.add(key);
    this.entries.set(key, body ? { summary, body } : { summary });
  }

  /** One value per name, made again only when what it is made from (`material`) changed: site.yaml parsed and checked once per change, not per edit. */
  once<T>(name: string, material: string, make: () => T): T {
    const last = this.values.get(name);
    if (last?.material === material) return last.value as T;
    const value = make();
    this.values.set(name, { material, value });
    return value;
  }

  /** After a build: forgets the pages it did not ask for (edited, renamed or deleted since), so memory follows the site, not its history. */
  settle(): void {
    for (const key of this.entries.keys()) if (!this.seen.has(key)) this.entries.delete(key);
    this.seen = new Set();
  }
}
