import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { readCheckedFile, writeCheckedFile } from '../../support/checked-file';
import { PageCheckMemory, type CheckState } from './page-check-memory';

/** Bumped when the file's shape changes. */
const FORMAT = 1;

/**
 * The CLI's link checks kept between builds in the cache folder (one
 * checked file, v8-serialized): each page's problems and the pages its
 * links led to, by its cache key, so that a build after an edit checks only
 * the pages the edit can affect (page-check-memory.ts says which). A
 * missing, damaged or other tool's file is an empty memory: every page is
 * checked, as in a cold build.
 */
export async function loadStoredChecks(dir: string, toolVersion: string): Promise<PageCheckMemory> {
  try {
    const body = await readCheckedFile(fileIn(dir));
    const data = body && (deserialize(body) as { format?: unknown; tool?: unknown; state?: CheckState });
    if (data && data.format === FORMAT && data.tool === toolVersion && data.state) return PageCheckMemory.from(data.state);
  } catch {
    // Unreadable: checked whole.
  }
  return new PageCheckMemory();
}

/** Stores the memory when the last build changed it; one that cannot be written only costs time next build. */
export async function saveStoredChecks(dir: string, toolVersion: string, memory: PageCheckMemory): Promise<void> {
  const state = memory.changed ? memory.state : undefined;
  if (state) await writeCheckedFile(fileIn(dir), serialize({ format: FORMAT, tool: toolVersion, state }));
}

function fileIn(dir: string): string {
  return path.join(dir, 'checks.bin');
}
