import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { SiteConfig } from '../../schema/site-config';
import type { SourceFile } from '../source/load';
import { readCheckedFile, writeCheckedFile } from '../support/checked-file';
import { textHash } from '../support/hash';
import { lazyLocator, parseSiteConfig, type ParsedSiteConfig } from './site-config';

/** Bumped when the file's shape changes. */
const FORMAT = 1;

/**
 * site.yaml as the CLI's last build parsed it, kept in the cache folder
 * (one checked file, v8-serialized, by a hash of the file's name and text's hash
 * and by the tool's version): parsing and validating the generated tree's
 * 1.15 MB site.yaml took 0.45-0.7 s of every build after an edit at 10,000
 * pages. Only a config without problems is kept; its places (for later
 * stages' diagnostics) are found by parsing the text again when one is
 * read (lazyLocator). A missing, damaged or other tool's file: parsed as usual.
 */
export async function parseStoredSiteConfig(source: SourceFile, dir: string, toolVersion: string, knownHash?: string): Promise<ParsedSiteConfig> {
  const file = path.join(dir, 'site-config.bin');
  // By the hash of its text the load kept (source/stored-text.ts), when it did: the text is then neither decoded nor hashed
  // (1.15 MB at 10,000 pages: 0.15-0.18 s of a build after an edit).
  const key = textHash(`${source.file}\0${knownHash ?? textHash(source.text)}`);
  try {
    const body = await readCheckedFile(file);
    const data = body && (deserialize(body) as { format?: unknown; tool?: unknown; key?: unknown; config?: SiteConfig });
    if (data && data.format === FORMAT && data.tool === toolVersion && data.key === key && data.config) {
      return { config: data.config, locate: lazyLocator(source), diagnostics: [] };
    }
  } catch {
    // Unreadable: parsed again.
  }
  const parsed = parseSiteConfig(source);
  if (parsed.config && parsed.diagnostics.length === 0) {
    let stored: Buffer | undefined;
    try {
      stored = serialize({ format: FORMAT, tool: toolVersion, key, config: parsed.config });
    } catch {
      // A config that cannot be serialized is parsed every time.
    }
    if (stored) await writeCheckedFile(file, stored);
  }
  return parsed;
}
