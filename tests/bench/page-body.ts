/**
 * The Markdown of one generated page: frontmatter, `#` title, `##`/`###`
 * sections (some duplicate titles), paragraphs with inline code, emphasis,
 * constants and links, lists, a GFM table, fenced code, `::: tip` containers
 * and a "Related pages" list. Links point at real pages of the plan, some
 * with `#anchors` to real headings, in the three spellings writers use
 * (relative `.md`, site path, path with the base).
 */
import path from 'node:path';
import type { Rng } from './prng';
import { CODE_LANGUAGES, bulletList, capitalize, codeBlock, noun, paragraph, sentence, table, verb } from './prose';

export interface PlannedHeading {
  depth: 2 | 3;
  /** As written after the `#`s (may hold inline code). */
  markdown: string;
  /** github-slugger slug of the heading's text, per page. */
  slug: string;
}

export interface PlannedPage {
  index: number;
  /** `a/b/README.md` or `a/b/x.md`. */
  relativePath: string;
  /** `/a/b/` or `/a/b/x.html`. */
  path: string;
  title: string;
  description: string;
  headings: PlannedHeading[];
  /** Every slug on the page (the `#` title's included): valid link anchors. */
  anchors: string[];
}

export interface BodyContext {
  base: string;
  pages: readonly PlannedPage[];
  /** Constant names defined in site.yaml. */
  constants: readonly string[];
  /** Constants this page must use (so that none is unused in the site). */
  mustUseConstants: readonly string[];
  /** Target size of the whole file in bytes. */
  targetBytes: number;
}

const RELATED = 'Related pages';

export function pageMarkdown(page: PlannedPage, r: Rng, context: BodyContext): string {
  const frontmatter = ['---', `title: ${JSON.stringify(page.title)}`, `description: ${JSON.stringify(page.description)}`, '---', ''].join('\n');

  const link = (withAnchorChance: number) => linkMarkdown(page, r, context, withAnchorChance);
  const constant = (name = r.pick(context.constants)) =>
    r.chance(0.8) ? `{{ $const.${name} }}` : `{{ $site.themeConfig.${name} }}`;
  /** A paragraph whose sentences carry links and constants now and then. */
  const richParagraph = (sentences = r.int(2, 4)) => {
    const extras: string[][] = [];
    for (let i = 0; i < sentences; i++) {
      const bits: string[] = [];
      if (r.chance(0.3)) bits.push(link(0.35));
      if (r.chance(0.08) && context.constants.length > 0) bits.push(constant());
      extras.push(bits);
    }
    return paragraph(r, extras, sentences);
  };

  const head: string[] = [`# ${page.title}`];
  const intro: string[] = [];
  for (const name of context.mustUseConstants) intro.push(`The ${noun(r)} limit is ${constant(name)}.`);
  head.push(`${intro.join(' ')} ${richParagraph(3)}`.trim());
  if (r.chance(0.2)) head.push('[[toc]]');

  // One slot per heading except "Related pages": required blocks and filler go there.
  const slots: { heading: PlannedHeading; blocks: string[] }[] = page.headings
    .filter((h) => h.markdown !== RELATED)
    .map((heading) => ({ heading, blocks: [richParagraph(r.int(1, 3))] }));
  const related = page.headings.find((h) => h.markdown === RELATED);

  const required: string[] = [];
  required.push(table(r));
  const langs = r.shuffle(CODE_LANGUAGES);
  required.push(codeBlock(r, langs[0]!), codeBlock(r, langs[1]!));
  required.push(`::: ${r.pick(['tip', 'tip', 'warning'])}\n${richParagraph(2)}\n:::`);
  required.push(listBlock());
  for (const block of required) r.pick(slots).blocks.push(block);

  const relatedBlock = related
    ? [`## ${related.markdown}`, bulletList(r, Array.from({ length: r.int(2, 4) }, () => `${link(0.4)}: ${sentence(r).toLowerCase()}`), false, false)]
    : [];

  const size = () =>
    [frontmatter, ...head, ...slots.flatMap((s) => [s.heading.markdown, ...s.blocks]), ...relatedBlock].reduce((n, b) => n + b.length + 6, 0);
  // Fill with prose (now and then a list or a container) up to the target size.
  for (let current = size(); current < context.targetBytes - 550; current = size()) {
    const slot = r.pick(slots);
    const kind = r.next();
    slot.blocks.push(kind < 0.8 ? richParagraph() : kind < 0.93 ? listBlock() : `::: tip ${capitalize(verb(r))} first\n${richParagraph(2)}\n:::`);
  }

  const body = [
    ...head,
    ...slots.flatMap((s) => [`${'#'.repeat(s.heading.depth)} ${s.heading.markdown}`, ...s.blocks]),
    ...relatedBlock,
  ];
  return `${frontmatter}\n${body.join('\n\n')}\n`;

  function listBlock(): string {
    const items = Array.from({ length: r.int(3, 5) }, () => (r.chance(0.3) ? `${link(0.3)}: ${sentence(r).toLowerCase()}` : sentence(r)));
    const kind = r.next();
    return bulletList(r, items, kind < 0.3, kind > 0.85);
  }
}

/** A link to another page (or an anchor on this one), as a writer would spell it. */
function linkMarkdown(from: PlannedPage, r: Rng, context: BodyContext, withAnchorChance: number): string {
  const style = r.next();
  if (style < 0.04) return `[the status page](https://status.example.com/${noun(r)})`;
  if (style < 0.06) return `https://www.example.com/${noun(r)}s`;
  if (style < 0.14 && from.headings.length > 0) {
    const heading = r.pick(from.headings);
    return `[${heading.markdown.replace(/`/g, '')}](#${heading.slug})`;
  }
  const to = r.pick(context.pages);
  const anchor = r.chance(withAnchorChance) ? `#${r.pick(to.anchors)}` : '';
  const spelling = r.next();
  let href: string;
  if (spelling < 0.45) {
    const relative = path.posix.relative(path.posix.dirname(from.relativePath), to.relativePath);
    href = relative.startsWith('.') || !r.chance(0.5) ? relative : `./${relative}`;
  } else if (spelling < 0.75) {
    href = to.path;
  } else {
    href = `${context.base}${to.path.slice(1)}`;
  }
  return `[${to.title}](${href}${anchor})`;
}
