import { ManifestSchema, type Manifest, type PageChunk } from '../../schema/manifest';
import { DocsearchApiKey } from '../../schema/site-config';
import { ConfigError } from '../config';
import { stableStringify } from '../json';
import { contentHash } from '../stages/manifest';
import { buildSearchIndex } from '../stages/search-index';

export const SEARCH_INDEX_PREFIX = 'assets/search.';
export const DOCSEARCH_API_KEY_ENV = 'DOCSBUILD_DOCSEARCH_API_KEY';

export interface SearchEmitInput {
  manifest: Manifest;
  /** The build's output so far: the page chunks are read from here by the names in the manifest. */
  files: ReadonlyMap<string, string | Uint8Array>;
  /** The value of DOCSBUILD_DOCSEARCH_API_KEY: when set and not empty, it overrides site.yaml's DocSearch key. */
  docsearchApiKey?: string;
}

/**
 * The search outputs, by the provider in site.yaml:
 * - `local`: the index (`assets/search.<hash>.json`, cacheable forever) and
 *   pages.json again, its `site.search.index` now naming that file;
 * - `docsearch`: pages.json again only when the environment overrides the key;
 * - `none`: nothing.
 * pages.json is rewritten rather than patched elsewhere because the index's
 * name is a hash of chunks that exist only once pages.json has been made.
 */
export function emitSearch(input: SearchEmitInput): Map<string, string> {
  const { manifest, files } = input;
  const search = manifest.site.search;
  const out = new Map<string, string>();
  if (search.provider === 'local') {
    const pages = manifest.pages.map((record) => ({ record, html: chunkOf(files, record.chunk).html }));
    const index = buildSearchIndex(pages, { docsVersion: manifest.site.versions?.current });
    const name = `${SEARCH_INDEX_PREFIX}${contentHash(index.content)}.json`;
    out.set(name, index.content);
    out.set('pages.json', pagesJson(manifest, { ...search, index: name }));
  } else if (search.provider === 'docsearch' && search.docsearch && input.docsearchApiKey) {
    const key = DocsearchApiKey.safeParse(input.docsearchApiKey);
    // A usage problem, like a bad flag: the CLI exits 2 and writes nothing.
    if (!key.success) throw new ConfigError(`${DOCSEARCH_API_KEY_ENV} ${key.error.issues[0]!.message}.`);
    out.set('pages.json', pagesJson(manifest, { ...search, docsearch: { ...search.docsearch, apiKey: key.data } }));
  }
  return out;
}

function pagesJson(manifest: Manifest, search: Manifest['site']['search']): string {
  const updated = ManifestSchema.parse({ ...manifest, site: { ...manifest.site, search } });
  return `${stableStringify(updated)}\n`;
}

function chunkOf(files: ReadonlyMap<string, string | Uint8Array>, name: string): PageChunk {
  const content = files.get(name);
  if (content === undefined) throw new Error(`The chunk ${name} is not in the output.`);
  return JSON.parse(typeof content === 'string' ? content : new TextDecoder().decode(content)) as PageChunk;
}

/** The index file named in pages.json, if any: for the size report and the bench. */
export function searchIndexName(pagesJsonText: string): string | undefined {
  const manifest = JSON.parse(pagesJsonText) as { site?: { search?: { index?: string } } };
  return manifest.site?.search?.index;
}
