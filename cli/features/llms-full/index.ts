import type { SiteRecord } from '../../../schema/manifest';
import { ROOT_FILES } from '../../output/layout';
import { OutputNames } from '../../output/names';
import { writePlannedParts } from '../../output/plan';
import { absoluteUrlOf, hrefOf } from '../../site/urls';
import { inBlocks, spansOf } from '../../support/blocks';
import { hashOfLines } from '../../support/hash';
import { mapAhead, mapLimited } from '../../support/map-limited';
import { lastFilePieces, type LastFilePieces } from '../last-file-pieces';
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
  async start({ model, pages, output, published, stored }: EmitContext): Promise<FeatureRun> {
    return {
      async finish() {
        if (!OutputNames.isFreeAmong(output.names(), ROOT_FILES.llmsFull)) return;
        const titles = new Map(pages.map((p) => [p.page.route.path, p.indexed.title]));
        const listed = new Set(model.order);
        const inOrder = [...model.order, ...pages.map((p) => p.page.route.path).filter((path) => !listed.has(path))];
        const entries: (Entry & { path: string })[] = inOrder.flatMap((path) => {
          const copy = published.copies.get(path);
          return copy ? [{ path, title: titles.get(path) ?? path, ...copy }] : [];
        });
        const site = model.record;
        // Made from the copies: reusable when every copy was made from a known key, else made again from them.
        const keyed = entries.every((e) => e.reuseKey !== undefined);
        const reuseKey = keyed ? `llms-full:${hashOfLines(keyLines(site, entries))}` : undefined;
        let layout: LlmsLayout | undefined;
        const written = await writePlannedParts(output, {
          name: ROOT_FILES.llmsFull,
          reuseKey,
          async *parts() {
            // After an edit: the copies that did not change are taken from the last build's file, not read one by one.
            const last = keyed ? await lastFile(stored, output) : undefined;
            const placed: LlmsLayout['copies'] = [];
            const read = async (entry: Entry) => bytes(await output.read(entry.name));
            const copies = last ? await copiesAfterEdit(entries, last, read) : undefined;
            if (last && copies) {
              // Where the new file is the last one's (most of it), it is written from that in a few long spans.
              yield* inBlocks(spansOf(last.file, pieces(site, entries, copies, placed)), BLOCK_BYTES);
            } else {
              // Each copy read as its turn comes (from the last file where it holds it): at 10,000 pages the file is 48 MB,
              // and holding every copy and the file made from them was the largest thing at the end of a cold build (+94 MB).
              const copyOf = async (entry: Entry) => last?.pieceOf(entry.reuseKey!) ?? (await read(entry));
              yield* inBlocks(streamedPieces(site, entries, copyOf, placed), BLOCK_BYTES);
            }
            if (reuseKey !== undefined) layout = { key: reuseKey, copies: placed };
          },
        });
        if (layout && !written.reused) await stored?.save(LLMS_FULL, layout);
      },
    };
  },
};

const LLMS_FULL = 'llms-full';

/** A page with a `.md` copy, as llms-full.txt holds it. */
interface Entry {
  title: string;
  /** The copy's file name, and the key it was made from (with a cache). */
  name: string;
  reuseKey?: string;
}

/**
 * What the file is made from, a line each: the site's settings it shows,
 * then each copy's path, title, file name and reuse key (flat JSON arrays:
 * no keys to sort; a stableStringify of the 10,000 entries was 40-110 ms of
 * a one-edit build).
 */
function* keyLines(site: SiteRecord, entries: readonly (Entry & { path: string })[]): Generator<string> {
  yield JSON.stringify([site.title, site.description, site.base, site.host ?? null]);
  for (const entry of entries) yield JSON.stringify([entry.path, entry.title, entry.name, entry.reuseKey ?? null]);
}

/** The file's pieces in order, each copy given: its head, then each copy under its header, each copy's place noted in `placed`. */
function* pieces(site: SiteRecord, entries: readonly Entry[], copies: readonly Uint8Array[], placed: LlmsLayout['copies']): Generator<Uint8Array> {
  const file = new FilePieces(site, placed);
  yield file.head();
  for (let at = 0; at < entries.length; at++) yield* file.entry(entries[at]!, copies[at]!);
}

/** pieces(), each copy read as its turn comes, with a few reads ahead. */
async function* streamedPieces(site: SiteRecord, entries: readonly Entry[], read: (entry: Entry) => Promise<Uint8Array>, placed: LlmsLayout['copies']): AsyncGenerator<Uint8Array> {
  const file = new FilePieces(site, placed);
  yield file.head();
  for await (const [entry, copy] of mapAhead(entries, COPIES_READ_AHEAD, read)) yield* file.entry(entry, copy);
}

/** The file's head and each copy under its header, in order, noting where each copy lands (by its reuse key). */
class FilePieces {
  private at = 0;

  constructor(
    private readonly site: SiteRecord,
    private readonly placed: LlmsLayout['copies'],
  ) {}

  head(): Uint8Array {
    const { site } = this;
    const head = Buffer.from(`# ${oneLine(site.title)}\n${site.description ? `\n> ${oneLine(site.description)}\n` : ''}`);
    this.at += head.length;
    return head;
  }

  *entry(entry: Entry, copy: Uint8Array): Generator<Uint8Array> {
    const header = Buffer.from(`\n---\ntitle: ${oneLine(entry.title)}\nurl: ${urlOf(this.site, entry.name)}\n---\n\n`);
    yield header;
    this.at += header.length;
    if (entry.reuseKey !== undefined) this.placed.push([entry.reuseKey, this.at, copy.length]);
    yield copy;
    this.at += copy.length;
  }
}

/**
 * Every copy, as a view into the last file where it holds it: the few it
 * does not (the pages changed since) are read first and held. Undefined
 * when more than a few changed: those are then read as their turn comes.
 */
async function copiesAfterEdit(entries: readonly Entry[], last: LastFilePieces, read: (entry: Entry) => Promise<Uint8Array>): Promise<Uint8Array[] | undefined> {
  const copies = entries.map((entry) => last.pieceOf(entry.reuseKey!));
  const missing = copies.flatMap((copy, at) => (copy === undefined ? [at] : []));
  if (missing.length > Math.max(COPIES_HELD, entries.length / 8)) return undefined;
  const made = await mapLimited(missing, COPIES_READ_AHEAD, (at) => read(entries[at]!));
  missing.forEach((at, k) => (copies[at] = made[k]));
  return copies as Uint8Array[];
}
/** Changed copies held at most, however few pages the site has (the share is the stored sources' and the search index's: 1/8). */
const COPIES_HELD = 64;

/** The file goes to the disk in blocks of this size. */
const BLOCK_BYTES = 2 ** 20;
/** Copies read at once: while earlier ones are written, only these few are held. */
const COPIES_READ_AHEAD = 16;

/** Where each copy sits in the llms-full.txt a CLI build wrote (FeatureStates): by the copy's reuse key, its offset and length. */
interface LlmsLayout {
  /** The file's own reuse key: the layout is of the file the output recorded under it. */
  key: string;
  copies: [copyKey: string, at: number, length: number][];
}

/** The last build's llms-full.txt, when its layout was stored and the file is still as that build wrote it. */
async function lastFile(stored: EmitContext['stored'], output: EmitContext['output']): Promise<LastFilePieces | undefined> {
  const layout = await stored?.load<LlmsLayout>(LLMS_FULL);
  const file = layout && (await output.readPrevious?.(layout.key));
  return layout && file && lastFilePieces(file, layout.copies);
}

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

