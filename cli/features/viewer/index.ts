import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { chunkFileOf, htmlFileOf, NOT_FOUND_FILE } from '../../output/layout';
import { writePlanned, type PlannedFile } from '../../output/plan';
import { gzipSize } from '../../output/sizes';
import { partOf } from '../../page/types';
import { resolveHrefs } from '../../site/links';
import { hashOf, hashOfJson } from '../../support/hash';
import { STORED_BUNDLE } from './stored-bundle';
import { openLinkDigests } from '../link-digests';
import type { EmitContext, Feature, FeatureRun } from '../types';
import type { OutputSink } from '../../output/sink';
import type { PageChunk } from '../../../schema/manifest';
import { emitViewer } from './assets';
import { chunkContent, makeChunk, neighbours, pageDescriptionOf, pageLangOf, showsEditLink, sidebarDepthOf } from './chunk';
import type { MadeDocument } from './documents-aside';
import type { PageShells } from './page-layout';
import type { DocumentSite, pageDocument } from './prerender';
import { PART_NAME as NAME, type ViewerSummary } from './part';

/** Where the digests of the chunks' links are kept between CLI builds (FeatureStates). */
const CHUNK_LINKS = 'chunk-links';

/**
 * The reader's site: the viewer bundle and code stylesheet, each page's
 * chunk (the JSON the app loads) and static HTML (the page before and
 * without JavaScript), and the 404 shell.
 */
export const viewerFeature: Feature = { name: NAME, start, readsEarly: [STORED_BUNDLE, CHUNK_LINKS] };

async function start({ model, pages, output, published, lastUpdated, sizes, kept, stored, documentsAside }: EmitContext): Promise<FeatureRun> {
  // React and the viewer's components load here, not with the CLI: `check`, `--help` and an up-to-date build render nothing (about 60 ms of start-up).
  const [{ notFoundDocument, pageDocument }, { PageShells }] = await Promise.all([import('./prerender'), import('./page-layout')]);
  const sized = sizes === false ? (make: () => Promise<string | MadeDocument>) => ({ make: async () => htmlOf(await make()) }) : gzipSizedAside;
  // A set, filled page by page: most pages use the same few classes, and no list of every page's is made.
  const codeClasses = new Set<string>();
  for (const page of pages) for (const cls of partOf<ViewerSummary>(page.page.rendered?.parts, NAME)?.codeClasses ?? []) codeClasses.add(cls);
  const viewer = await emitViewer(model.record, codeClasses, stored);
  for (const [name, content] of viewer.files) await output.put(name, content);
  published.viewerInputs = viewer.inputs;
  const fileOf = (name: string) => viewer.files.get(name) ?? '';
  const { assets } = viewer.document;
  published.firstLoad = { js: [assets.script, ...assets.preloads].map(fileOf), css: assets.styles.map(fileOf) };
  // Everything a page's HTML depends on besides its chunk (whose name hashes its content).
  const documentKey = hashOf(viewer.document);
  const reading = { order: model.order, position: new Map(model.order.map((path, at) => [path, at])), sidebarTexts: model.sidebarTexts };
  const shells = keptShells(kept, () => new PageShells());
  // Documents kept between builds (the dev server's shells) are this thread's: no aside then.
  const aside = shells ? undefined : documentsAside;
  aside?.use(viewer.document, sizes !== false, pageDocument);
  const linkDigests = await openLinkDigests(stored, CHUNK_LINKS, model.index);

  return {
    async page(page) {
      const rendered = page.page.rendered!;
      let hrefs: ReturnType<typeof resolveHrefs> | undefined;
      const hrefsOf = () => (hrefs ??= resolveHrefs(rendered.linkUrls, page.indexed, model.index));
      const around = neighbours(page.page, reading, model.index);
      // Page footer: "Edit this page" and "Last updated", the sidebar's depth and the page's language (part of the chunk, and so of its reuse key below).
      const footer = {
        // Each path segment percent-encoded (a `#` or `?` in a file name stays part of the path); a function, so `$&` is not a pattern.
        editUrl: !showsEditLink(page.page.frontmatter.editLink, model.record.editLink?.optIn) ? undefined : model.record.editLink?.pattern.replace(':path', () => page.indexed.relativePath.split('/').map(encodeURIComponent).join('/')),
        lastUpdated: lastUpdated?.get(page.indexed.relativePath),
        sidebarDepth: sidebarDepthOf(page.page.frontmatter.sidebarDepth, model.groupDepths.get(page.page.route.path), model.config.sidebarDepth),
        lang: pageLangOf(page.page.frontmatter.lang, page.page.route.path, model.config.locales),
        description: pageDescriptionOf(page.page.description, page.page.route.path, model.config.locales),
      };
      const chunkOf = async () => ({ ...makeChunk(page, (await page.body()).html, hrefsOf(), around), ...footer });
      let made: Awaited<ReturnType<typeof chunkOf>> | undefined;
      const chunk = await writePlanned(output, {
        // With a cache, keyed by what the chunk is made from (the page's entry, where its links lead, its neighbours),
        // so an unchanged page is recognised without reading its body; without one, by its content.
        reuseKey: page.inputKey && `chunk-from:${hashOfJson([page.inputKey, page.indexed.title, linkDigests.digestOf(page, hrefsOf), around, footer])}`,
        keyFromName: (name) => `chunk:${name}`,
        name: (content) => chunkFileOf(page.page.route.path, content as string),
        ...sized(async () => chunkContent((made = await chunkOf()))),
      });
      published.chunks.set(page.page.route.path, { name: chunk.name, gzip: chunk.meta ?? 0 });

      // A page at /404.html gets no HTML file of its own: that name is the shell's (finish).
      const htmlName = htmlFileOf(page.page.route.path);
      if (htmlName === NOT_FOUND_FILE) return;
      const sidebar = published.sidebarBranches?.get(page.page.route.path) ?? [];
      const html = await writePlanned(output, {
        name: htmlName,
        reuseKey: `html:${documentKey}:${chunk.name}:${sidebar.join(',')}`,
        ...sized(async () => {
          const pageChunk = made ?? (await chunkOf());
          return aside?.document(pageChunk, chunk.name, sidebar) ?? pageDocument(viewer.document, pageChunk, chunk.name, sidebar, shells);
        }),
        // Where the sink makes it when asked for (the dev server's): from the chunk as written, which the output keeps.
        makeLater: output.putDeferred && (await documentLater(output, pageDocument, viewer.document, chunk.name, sidebar, shells)),
      });
      published.htmlGzip.set(page.page.route.path, html.meta ?? 0);
    },
    async finish() {
      // Every page is written: the worker's memory goes back before the site-wide files are made.
      await aside?.close();
      await output.put(NOT_FOUND_FILE, notFoundDocument(viewer.document));
      await linkDigests.save();
    },
  };
}

/**
 * A page's document made later from its chunk's file, read now: what the
 * browser is given is what the HTML is made from, and the page's body need
 * not be kept. Parsed only when the document is made. A function of its own
 * so the closure holds these alone: made in `page`, it held all that the
 * page's closures share (the page, its chunk and body), for every page.
 */
async function documentLater(
  output: OutputSink,
  render: typeof pageDocument,
  document: DocumentSite,
  chunkName: string,
  sidebar: readonly string[],
  shells: PageShells | undefined,
): Promise<() => Promise<string>> {
  const bytes = await output.read(chunkName);
  if (bytes === undefined) throw new Error(`${chunkName} was not written before its page's HTML.`);
  return async () => {
    const text = typeof bytes === 'string' ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
    return render(document, JSON.parse(text) as PageChunk, chunkName, sidebar, shells);
  };
}

/** The pages' own renders, kept between the builds of the dev server (PageShells); none for a one-off build. */
function keptShells(kept: EmitContext['kept'], make: () => PageShells): PageShells | undefined {
  if (!kept) return undefined;
  const name = `${NAME} shells`;
  const existing = kept.get(name) as PageShells | undefined;
  if (existing) return existing;
  const made = make();
  kept.set(name, made);
  return made;
}

const gzipAsync = promisify(gzip);

const htmlOf = (made: string | MadeDocument) => (typeof made === 'string' ? made : made.html);

/**
 * A page file's `make` and `metaOf` (its gzip size, for the size report):
 * the size is worked out as the file is made, by zlib on libuv's threads,
 * while this thread goes on with the other pages being written. gzipSync
 * here held the main thread for an eighth of a cold build's "chunks and
 * page HTML" stage. The same zlib and settings: the same sizes.
 */
function gzipSizedAside(make: () => Promise<string | MadeDocument>): Pick<PlannedFile, 'make' | 'metaOf'> {
  let size: number | undefined;
  return {
    make: async () => {
      const made = await make();
      // A document from the page-HTML worker comes with its size.
      if (typeof made !== 'string') {
        size = made.gzip;
        return made.html;
      }
      size = (await gzipAsync(made)).length;
      return made;
    },
    metaOf: (content) => size ?? gzipSize(content),
  };
}
