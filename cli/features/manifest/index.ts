import { MANIFEST_VERSION, SiteRecordSchema, type Manifest, type PageRecord } from '../../../schema/manifest';
import { MANIFEST_FILE, MANIFEST_SCHEMA_FILE, REDIRECTS_FILE } from '../../output/layout';
import { contentIdOf } from '../../output/folder';
import { writePlannedParts } from '../../output/plan';
import { inBlocks } from '../../support/blocks';
import { stableStringify, stableStringifyPieces } from '../../support/json';
import type { EmitContext, Feature, FeatureRun } from '../types';
import { writeManifestByDifference } from './by-difference';
import { buildManifest, byPath, manifestJsonSchema } from './manifest';

/** pages.json (every page's record, for the viewer and for tools), its JSON Schema, and redirects.json. */
export const manifestFeature: Feature = { name: 'manifest', start };

async function start({ model, output, published, stored }: EmitContext): Promise<FeatureRun> {
  // With a cache: what each record is made from (the page's input key and its chunk's name), by page path.
  const recordKeys = new Map<string, string | undefined>();
  return {
    async page({ page, indexed, inputKey }) {
      const record: PageRecord = {
        title: indexed.title,
        description: page.description ?? '',
        frontmatter: page.frontmatter,
        regularPath: page.route.regularPath,
        relativePath: indexed.relativePath,
        key: page.route.key,
        path: page.route.path,
        headers: page.headers,
        chunk: published.chunks.get(page.route.path)!.name,
      };
      published.records.set(record.path, record);
      recordKeys.set(record.path, inputKey && `${inputKey}:${record.chunk}`);
    },
    async finish() {
      const site = model.record;
      const index = published.searchIndex;
      const siteRecord = index ? { ...site, search: { ...site.search, index: index.name } } : site;
      const records = [...published.records.values()];
      const keys = records.map((record) => recordKeys.get(record.path));
      if (stored && !keys.includes(undefined)) {
        const order = records.map((_, at) => at).sort((a, b) => byPath(records[a]!, records[b]!));
        const sorted = order.map((at) => records[at]!);
        published.manifest = await writeManifestByDifference({ output, stored }, SiteRecordSchema.parse(siteRecord), sorted, order.map((at) => keys[at]!));
        await writeSiteFiles();
        return;
      }
      const manifest = buildManifest(siteRecord, records);
      // Written a page record at a time where the sink can (a folder): made whole, the sorted copy and the string were the
      // largest things of a 10,000-page build's site-wide stage, at its peak. Hashed first, a piece at a time: unchanged since
      // the last build, the file is kept as `put` would keep it.
      if (output.putParts) {
        const reuseKey = contentIdOf(manifestPieces(manifest));
        await writePlannedParts(output, { name: MANIFEST_FILE, reuseKey, parts: () => inBlocks(manifestPieces(manifest), BLOCK_BYTES) });
      } else await output.put(MANIFEST_FILE, `${stableStringify(manifest)}\n`);
      published.manifest = manifest;
      await writeSiteFiles();
    },
  };

  async function writeSiteFiles() {
    await output.put(REDIRECTS_FILE, `${stableStringify({ version: MANIFEST_VERSION, redirects: model.redirects })}\n`);
    await output.put(MANIFEST_SCHEMA_FILE, manifestJsonSchema());
  }
}

/** pages.json goes to the disk in blocks of this size. */
const BLOCK_BYTES = 2 ** 20;

/** pages.json's bytes, a page record at a time: stableStringify(manifest) and a newline. */
function* manifestPieces(manifest: Manifest): Generator<Uint8Array> {
  for (const piece of stableStringifyPieces(manifest as unknown as Record<string, unknown>, 'pages')) yield Buffer.from(piece);
  yield Buffer.from('\n');
}
