import { MANIFEST_VERSION, PageRecordSchema, type Manifest, type PageRecord, type SiteRecord } from '../../../schema/manifest';
import { MANIFEST_FILE } from '../../output/layout';
import { writePlannedParts } from '../../output/plan';
import { inBlocks, spansOf } from '../../support/blocks';
import { hashOfLines } from '../../support/hash';
import { stableStringify, stableStringifyPieces } from '../../support/json';
import { lastFilePieces, type LastFilePieces } from '../last-file-pieces';
import type { EmitContext } from '../types';

/** Where the layout of the last pages.json is kept between CLI builds (FeatureStates). */
const MANIFEST_LAYOUT = 'manifest';

/** Where each page record sits in the pages.json a CLI build wrote: by the record's key, its offset and length. */
interface ManifestLayout {
  /** The file's own reuse key: the layout is of the file the output recorded under it. */
  key: string;
  records: [recordKey: string, at: number, length: number][];
}

/**
 * pages.json as a CLI build writes it (`site` validated, `records` sorted by
 * path, each with its key: what it is made from, the page's input key and
 * its chunk's name). Kept whole when no record and not the site changed;
 * else each record's text is copied from the last build's file where its
 * key is the same (validated and made when that file was), and only the
 * others are validated and made. At 10,000 pages (12 MB) validating and
 * stringifying every record, twice (once to hash, once to write), was a
 * third of a one-edit build's site-wide files. The bytes are
 * stableStringify(manifest) and a newline, as a cold build's.
 */
export async function writeManifestByDifference(
  { output, stored }: Pick<EmitContext, 'output' | 'stored'>,
  site: SiteRecord,
  records: readonly PageRecord[],
  keys: readonly string[],
): Promise<Manifest> {
  const reuseKey = `manifest-from:${hashOfLines(keyLines(site, keys))}`;
  if (await output.reuse(reuseKey)) return { version: MANIFEST_VERSION, site, pages: [...records] };
  const last = await lastLayout(stored, output);
  const texts = keys.map((key) => last?.pieceOf(key));
  const manifest: Manifest = { version: MANIFEST_VERSION, site, pages: records.map((record, at) => (texts[at] === undefined ? PageRecordSchema.parse(record) : record)) };
  let layout: ManifestLayout | undefined;
  const written = await writePlannedParts(output, {
    name: MANIFEST_FILE,
    reuseKey,
    // Where the file is the last one's, written from it in a few long spans.
    parts: () => inBlocks(spansOf(last?.file, piecesOf(manifest, keys, texts, (placed) => (layout = { key: reuseKey, records: placed }))), BLOCK_BYTES),
  });
  if (layout && !written.reused) await stored?.save(MANIFEST_LAYOUT, layout);
  return manifest;
}

/** What pages.json is made from, a line each: its version and site record, then each record's key (JSON strings, no newline in them). */
function* keyLines(site: SiteRecord, keys: readonly string[]): Generator<string> {
  yield JSON.stringify([MANIFEST_VERSION, stableStringify(site)]);
  for (const key of keys) yield JSON.stringify(key);
}

/** pages.json goes to the disk in blocks of this size. */
const BLOCK_BYTES = 2 ** 20;

/** The file's bytes, a piece at a time: each record's text the last file's where given, else made; where each landed goes to `done`. */
function* piecesOf(manifest: Manifest, keys: readonly string[], texts: readonly (Uint8Array | undefined)[], done: (placed: ManifestLayout['records']) => void): Generator<Uint8Array> {
  const placed: ManifestLayout['records'] = [];
  let at = 0;
  let element: number | undefined;
  const elementOf = (value: unknown, index: number) => {
    element = index;
    return texts[index] ?? stableStringify(value);
  };
  for (const piece of stableStringifyPieces(manifest as unknown as Record<string, unknown>, 'pages', elementOf)) {
    const bytes = typeof piece === 'string' ? Buffer.from(piece) : piece;
    if (element !== undefined) placed.push([keys[element]!, at, bytes.length]);
    element = undefined;
    at += bytes.length;
    yield bytes;
  }
  yield Buffer.from('\n');
  done(placed);
}

/** The last build's pages.json, when its layout was stored and the file is still as that build wrote it. */
async function lastLayout(stored: EmitContext['stored'], output: EmitContext['output']): Promise<LastFilePieces | undefined> {
  const layout = await stored?.load<ManifestLayout>(MANIFEST_LAYOUT);
  const file = layout && Array.isArray(layout.records) ? await output.readPrevious?.(layout.key) : undefined;
  return layout && file && lastFilePieces(file, layout.records);
}
