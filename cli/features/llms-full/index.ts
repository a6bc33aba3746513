import type { SiteRecord } from '../../../schema/manifest';
import { ROOT_FILES } from '../../output/layout';
import { OutputNames } from '../../output/names';
import { writePlanned } from '../../output/plan';
import { absoluteUrlOf, hrefOf } from '../../site/urls';
import { hashOf } from '../../support/hash';
import type { EmitContext, Feature, FeatureRun } from '../types';

/**
 * llms-full.txt: the whole site as one Markdown file, every page's `.md`
 * copy in sidebar order (then the pages no sidebar lists, by path), each
 * under a small header naming its title and URL, as Mintlify and the llms
 * plugins of VitePress and Docusaurus emit it. A tool or a language model
 * reads the site in one request.
 */
export const llmsFullFeature: Feature = {
  name: 'llms-full',
  async start({ model, pages, output, published }: EmitContext): Promise<FeatureRun> {
    return {
      async finish() {
        if (!new OutputNames(output.names()).isFree(ROOT_FILES.llmsFull)) return;
        const titles = new Map(pages.map((p) => [p.page.route.path, p.indexed.title]));
        const listed = new Set(model.order);
        const inOrder = [...model.order, ...pages.map((p) => p.page.route.path).filter((path) => !listed.has(path))];
        const entries = inOrder.flatMap((path) => {
          const copy = published.copies.get(path);
          return copy ? [{ path, title: titles.get(path) ?? path, ...copy }] : [];
        });
        const site = model.record;
        // Made from the copies: reusable when every copy was made from a known key, else made again from them.
        const keyed = entries.every((e) => e.reuseKey !== undefined);
        await writePlanned(output, {
          name: ROOT_FILES.llmsFull,
          reuseKey: keyed ? `llms-full:${hashOf([site.title, site.description, site.base, site.host ?? null, entries])}` : undefined,
          // In bytes, each copy as it was written, into one buffer sized first: at 10,000 pages the file is 48 MB,
          // and decoding every copy into strings to join them held it several times over.
          async make() {
            const head = Buffer.from(`# ${oneLine(site.title)}\n${site.description ? `\n> ${oneLine(site.description)}\n` : ''}`);
            const headerOf = (entry: (typeof entries)[number]) => Buffer.from(`\n---\ntitle: ${oneLine(entry.title)}\nurl: ${urlOf(site, entry.name)}\n---\n\n`);
            const copyOf = async (entry: (typeof entries)[number]) => bytes(await output.read(entry.name));
            let size = head.length;
            for (const entry of entries) size += headerOf(entry).length + (await copyOf(entry)).length;
            const file = Buffer.allocUnsafe(size);
            let at = head.copy(file, 0);
            for (const entry of entries) {
              at += headerOf(entry).copy(file, at);
              const copy = await copyOf(entry);
              file.set(copy, at);
              at += copy.length;
            }
            return file;
          },
        });
      },
    };
  },
};

/** The copy's address: absolute when the site has a host (the file is read away from the site), else under the base. */
function urlOf(site: SiteRecord, copyName: string): string {
  const sitePath = `/${copyName}`;
  return absoluteUrlOf(site, sitePath) ?? hrefOf(site, sitePath);
}

function bytes(content: string | Uint8Array | undefined): Uint8Array {
  return typeof content === 'string' ? Buffer.from(content) : (content ?? new Uint8Array());
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

