import { MANIFEST_VERSION, type PageRecord } from '../../../schema/manifest';
import { MANIFEST_FILE, MANIFEST_SCHEMA_FILE, REDIRECTS_FILE } from '../../output/layout';
import { stableStringify } from '../../support/json';
import type { EmitContext, Feature, FeatureRun } from '../types';
import { buildManifest, manifestJsonSchema } from './manifest';

/** pages.json (every page's record, for the viewer and for tools), its JSON Schema, and redirects.json. */
export const manifestFeature: Feature = { name: 'manifest', start };

async function start({ model, output, published }: EmitContext): Promise<FeatureRun> {
  return {
    async page({ page, indexed }) {
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
    },
    async finish() {
      const site = model.record;
      const index = published.searchIndex;
      const manifest = buildManifest(index ? { ...site, search: { ...site.search, index: index.name } } : site, [...published.records.values()]);
      const pagesJson = `${stableStringify(manifest)}\n`;
      const redirectsJson = `${stableStringify({ version: MANIFEST_VERSION, redirects: model.redirects })}\n`;
      await output.put(MANIFEST_FILE, pagesJson);
      await output.put(REDIRECTS_FILE, redirectsJson);
      await output.put(MANIFEST_SCHEMA_FILE, manifestJsonSchema());
      published.manifest = manifest;
    },
  };
}
