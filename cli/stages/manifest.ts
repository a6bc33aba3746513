import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  MANIFEST_VERSION,
  ManifestSchema,
  PageChunkSchema,
  type HeadTagRecord,
  type Manifest,
  type PageChunk,
  type PageRecord,
  type SiteRecord,
} from '../../schema/manifest';
import type { SiteConfig } from '../../schema/site-config';
import { stableStringify } from '../json';
import type { Navigation } from './navigation';
import { fileNameOf } from './routes';

export const CHUNK_DIR = 'assets/pages';

/** A short content hash for file names: same bytes, same name. */
export function contentHash(content: string | Uint8Array): string {
  return createHash('sha256').update(content).digest('hex').slice(0, 10);
}

/** The analytics bootstrap, as a file: pages then need no inline script (CSP-friendly). */
export const ANALYTICS_INIT = `(function(){var s=document.currentScript,id=s&&s.getAttribute('data-tag-id');if(!id)return;window.dataLayer=window.dataLayer||[];function gtag(){window.dataLayer.push(arguments)}window.gtag=gtag;gtag('js',new Date());gtag('config',id);})();\n`;
export const ANALYTICS_INIT_FILE = `assets/analytics.${contentHash(ANALYTICS_INIT)}.js`;

export function buildSiteRecord(config: SiteConfig, navigation: Navigation): SiteRecord {
  const headTags: HeadTagRecord[] = config.headTags.map((t) => ({ tag: t.tag, attrs: t.attrs, children: t.children }));
  if (config.analytics) {
    const id = config.analytics.id;
    headTags.push(
      { tag: 'script', attrs: { async: true, src: `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}` } },
      { tag: 'script', attrs: { async: true, src: `${config.base}${ANALYTICS_INIT_FILE}`, 'data-tag-id': id } },
    );
  }
  if (config.versions) {
    headTags.push({ tag: 'meta', attrs: { name: 'docsearch:version', content: config.versions.current } });
  }
  const isExternal = (link: string) => /^https?:\/\//i.test(link);
  return {
    title: config.title,
    description: config.description,
    base: config.base,
    host: config.host,
    lang: config.lang,
    headTags,
    nav: navigation.nav,
    sidebar: navigation.sidebar,
    versions: config.versions && {
      current: config.versions.current,
      menu: config.versions.menu.map((v) => ({ text: v.text, link: v.link, external: isExternal(v.link), badge: v.badge })),
    },
    search: { provider: config.search.provider, docsearch: config.search.docsearch },
    viewer: config.viewer,
    constants: config.constants,
    iframeOrigins: config.markdown.allowIframeOrigins.length > 0 ? config.markdown.allowIframeOrigins : undefined,
    // Page footer settings (editLink, lastUpdated, footer): what the viewer shows under each page and the site.
    editLink: config.editLink,
    lastUpdated: config.lastUpdated === false ? undefined : { text: config.lastUpdated === true ? 'Last updated' : config.lastUpdated.text },
    footer: config.footer.copyright === undefined ? undefined : { copyright: config.footer.copyright },
  };
}

/** A chunk's file: name from the page path, hash from its bytes. */
export function chunkFile(chunk: PageChunk): { name: string; content: string } {
  const content = stableStringify(PageChunkSchema.parse(chunk));
  return { name: `${CHUNK_DIR}/${fileNameOf(chunk.path)}.${contentHash(content)}.json`, content };
}

export function buildManifest(site: SiteRecord, records: readonly PageRecord[]): Manifest {
  const pages = [...records].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  // Validate what we write: a contract violation is our bug, caught before it ships.
  return ManifestSchema.parse({ version: MANIFEST_VERSION, site, pages });
}

/** JSON Schema of pages.json, published so other tools can validate it. */
export function manifestJsonSchema(): string {
  const schema = z.toJSONSchema(ManifestSchema, { target: 'draft-2020-12', unrepresentable: 'any' });
  return `${stableStringify({ ...schema, title: 'docsbuild pages.json', $id: 'pages.schema.json' }, 2)}\n`;
}
