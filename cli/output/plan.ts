import { DeferredContent, type OutputContent, type OutputSink } from './sink';

/**
 * One output file as a feature describes it: what it is called, what it is
 * made from, and how to make it. How it is then written (or taken over from
 * the previous build unmade) is `writePlanned`'s business, not the feature's.
 */
export interface PlannedFile {
  /** Its name in the output, or how to name it from its content (a content-hashed name). */
  name: string | ((content: OutputContent) => string);
  /**
   * A hash of everything the content is made from. When the previous output
   * made a file from the same key, that file is taken over and `make` never
   * runs (a page whose output is all reused is never read).
   */
  reuseKey?: string;
  /**
   * Without a reuseKey, a key from the made file's name: its content is then
   * made, but not written again when the previous output has the same file.
   */
  keyFromName?: (name: string) => string;
  make(): OutputContent | Promise<OutputContent>;
  /** A number stored with the file and handed back when it is reused (a chunk's gzip size), made from the content. */
  metaOf?: (content: OutputContent) => number;
  /**
   * How to make it later, where the sink defers files (OutputSink.putDeferred;
   * never with `metaOf`, and only under a fixed name): from what outlives the
   * build, not from the page's body, which is let go once the page is written.
   */
  makeLater?: () => Promise<OutputContent>;
}

export interface WrittenFile {
  name: string;
  meta?: number;
  /** Taken over from the previous output rather than made. */
  reused: boolean;
}

/** Writes one planned file to the sink, reusing the previous build's where the plan allows. */
export async function writePlanned(output: OutputSink, file: PlannedFile): Promise<WrittenFile> {
  if (file.reuseKey !== undefined) {
    const reused = await output.reuse(file.reuseKey);
    // A file whose meta is wanted but was not stored is made again (the meta comes from its content).
    if (reused && (file.metaOf === undefined || reused.meta !== undefined)) return { name: reused.name, meta: reused.meta, reused: true };
  }
  if (file.makeLater && output.putDeferred && typeof file.name === 'string' && file.metaOf === undefined) {
    await output.putDeferred(file.name, new DeferredContent(file.makeLater), file.reuseKey !== undefined ? { key: file.reuseKey } : {});
    return { name: file.name, reused: false };
  }
  const content = await file.make();
  const name = typeof file.name === 'string' ? file.name : file.name(content);
  const key = file.reuseKey ?? file.keyFromName?.(name);
  if (file.reuseKey === undefined && key !== undefined) {
    const reused = await output.reuse(key);
    if (reused) return { name, meta: reused.meta ?? file.metaOf?.(content), reused: true };
  }
  const meta = file.metaOf?.(content);
  await output.put(name, content, { ...(key !== undefined ? { key } : {}), ...(meta !== undefined ? { meta } : {}) });
  return { name, meta, reused: false };
}

/** A file made a part at a time (llms-full.txt): written as it is made where the sink can, never held whole. */
export interface PlannedParts {
  name: string;
  /** As PlannedFile's: a previous file made from the same key is taken over, and `parts` never runs. */
  reuseKey?: string;
  parts(): AsyncIterable<Uint8Array>;
}

/** Writes a file made of parts: by OutputSink.putParts, or, for a sink without it (memory), joined first. */
export async function writePlannedParts(output: OutputSink, file: PlannedParts): Promise<WrittenFile> {
  if (file.reuseKey !== undefined) {
    const reused = await output.reuse(file.reuseKey);
    if (reused) return { name: reused.name, meta: reused.meta, reused: true };
  }
  const options = file.reuseKey !== undefined ? { key: file.reuseKey } : {};
  if (output.putParts) await output.putParts(file.name, file.parts(), options);
  else await output.put(file.name, await joined(file.parts()), options);
  return { name: file.name, reused: false };
}

async function joined(parts: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const all: Uint8Array[] = [];
  for await (const part of parts) all.push(part);
  return Buffer.concat(all);
}
