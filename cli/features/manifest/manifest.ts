import { z } from 'zod';
import { MANIFEST_VERSION, ManifestSchema, type Manifest, type PageRecord, type SiteRecord } from '../../../schema/manifest';
import { stableStringify } from '../../support/json';

export function buildManifest(site: SiteRecord, records: readonly PageRecord[]): Manifest {
  const pages = [...records].sort(byPath);
  // Validate what we write: a contract violation is our bug, caught before it ships.
  return ManifestSchema.parse({ version: MANIFEST_VERSION, site, pages });
}

/** pages.json's order: by path. */
export function byPath(a: Pick<PageRecord, 'path'>, b: Pick<PageRecord, 'path'>): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

/** JSON Schema of pages.json, published so other tools can validate it. */
export function manifestJsonSchema(): string {
  const schema = z.toJSONSchema(ManifestSchema, { target: 'draft-2020-12', unrepresentable: 'any' });
  return `${stableStringify({ ...schema, title: 'docsbuild pages.json', $id: 'pages.schema.json' }, 2)}\n`;
}
