import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SourceFile } from './stages/load';
import type { PageContext, PageSummary } from './stages/page';

/** Bumped when the shape of a cache entry changes. */
const ENTRY_FORMAT = 1;
const CONSTANT_REFERENCE = /\$(?:const|site\.themeConfig)\.([A-Za-z_][A-Za-z0-9_]*)/g;

/**
 * A content-addressed cache of page summaries. A page whose source, the config
 * values it reads and the tool itself are unchanged is not parsed or rendered
 * again. An entry that is unreadable, corrupt or of another format is ignored,
 * never trusted. Besides load and write, the only module that touches the disk.
 */
export interface PageCache {
  get(source: SourceFile, context: PageContext): Promise<PageSummary | undefined>;
  set(source: SourceFile, context: PageContext, summary: PageSummary): Promise<void>;
}

export interface PageCacheOptions {
  dir: string;
  /** Identifies the code that produced an entry: a different tool, a different cache. */
  toolVersion: string;
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const fileOf = (key: string) => path.join(options.dir, 'pages', key.slice(0, 2), `${key}.json`);
  return {
    async get(source, context) {
      const key = cacheKey(source, context, options.toolVersion);
      let entry: unknown;
      try {
        entry = JSON.parse(await readFile(fileOf(key), 'utf8'));
      } catch {
        return undefined;
      }
      const summary = validEntry(entry, key, source);
      // A check leaves entries without HTML: a build must render those pages.
      if (!summary || (context.render && summary.page !== undefined && summary.page.html === undefined)) return undefined;
      return summary;
    },
    async set(source, context, summary) {
      const key = cacheKey(source, context, options.toolVersion);
      const file = fileOf(key);
      try {
        await mkdir(path.dirname(file), { recursive: true });
        // Write then rename: a reader never sees half an entry.
        const temp = `${file}.${process.pid}.tmp`;
        await writeFile(temp, JSON.stringify({ format: ENTRY_FORMAT, key, summary }));
        await rename(temp, file);
      } catch {
        // A cache that cannot be written only costs time on the next run.
      }
    },
  };
}

/** Source, the page's place, the values of the constants it names, the page config, and the tool. */
export function cacheKey(source: SourceFile, context: PageContext, toolVersion: string): string {
  const names = [...new Set([...source.text.matchAll(CONSTANT_REFERENCE)].map((m) => m[1]!))].sort();
  const constants = names.map((name) => [name, context.constants[name] ?? null]);
  const material = JSON.stringify([
    ENTRY_FORMAT,
    toolVersion,
    source.relativePath,
    source.file,
    source.text,
    constants,
    context.headerLevels,
    context.reportConstants,
    context.html ?? null,
  ]);
  return createHash('sha256').update(material).digest('hex');
}

function validEntry(entry: unknown, key: string, source: SourceFile): PageSummary | undefined {
  if (entry === null || typeof entry !== 'object') return undefined;
  const { format, key: storedKey, summary } = entry as { format?: unknown; key?: unknown; summary?: PageSummary };
  if (format !== ENTRY_FORMAT || storedKey !== key || !summary || typeof summary !== 'object') return undefined;
  if (summary.relativePath !== source.relativePath || !Array.isArray(summary.diagnostics)) return undefined;
  if (summary.page !== undefined && (typeof summary.page.route?.path !== 'string' || !Array.isArray(summary.page.links))) return undefined;
  return summary;
}
