import { gzipSize } from '../../output/sizes';
import { partOf } from '../../page/types';
import type { EmitContext, EmitPage, Feature, FeatureRun } from '../types';
import { searchIndexFileOf, searchIndexKey } from './file';
import { createSearchIndexBuilder } from './index-builder';
import { PART_NAME as NAME, type SearchBody, type SearchSummary } from './part';

/** The local search index (site.yaml `search.provider: local`), made as pages are written, or kept from the previous build. */
export const searchFeature: Feature = { name: NAME, start };

async function start({ model, pages, output, published }: EmitContext): Promise<FeatureRun> {
  const site = model.record;
  if (site.search.provider !== 'local') return {};
  const docsVersion = site.versions?.current;
  const recordOf = ({ page, indexed }: EmitPage) => ({
    path: page.route.path,
    title: indexed.title,
    description: page.description ?? '',
    headers: page.headers,
    frontmatter: page.frontmatter,
  });
  // `pages` are in path order: the order the index takes them.
  const key = searchIndexKey(
    pages.map((p) => ({ record: recordOf(p), sectionsKey: partOf<SearchSummary>(p.page.rendered?.parts, NAME)?.sectionsKey ?? '' })),
    docsVersion,
  );
  const reused = await output.reuse(key);
  if (reused) {
    const [raw, gzip] = unpackSizes(reused.meta ?? 0);
    published.searchIndex = { name: reused.name, raw, gzip };
    return {};
  }

  const builder = createSearchIndexBuilder({ docsVersion });
  // Pages are written a few at once and may finish out of order; the index takes them in path order.
  const waiting = new Map<number, { record: ReturnType<typeof recordOf>; sections: SearchBody }>();
  let next = 0;
  return {
    async page(page) {
      const sections = partOf<SearchBody>((await page.body()).parts, NAME) ?? [];
      waiting.set(page.order, { record: recordOf(page), sections });
      for (let ready = waiting.get(next); ready; ready = waiting.get(next)) {
        waiting.delete(next++);
        builder.add(ready);
      }
    },
    async finish() {
      const file = searchIndexFileOf(builder.finish());
      const raw = Buffer.byteLength(file.content);
      const gzip = gzipSize(file.content);
      // The key was looked up at the start (so the pages' text is read only when the index is made): store it now.
      await output.put(file.name, file.content, { key, meta: packSizes(raw, gzip) });
      published.searchIndex = { name: file.name, raw, gzip };
    },
  };
}

/** Two sizes in one number (a record's meta): raw bytes × 2^26 + gzip bytes, exact below 2^53. */
const packSizes = (raw: number, gzip: number) => raw * 2 ** 26 + gzip;
const unpackSizes = (meta: number) => [Math.floor(meta / 2 ** 26), meta % 2 ** 26] as const;
