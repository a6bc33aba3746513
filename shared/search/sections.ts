import type { Header } from '../../schema/manifest';

/** The text of one part of a page: what comes before its first header, or one header's section. */
export interface PageSection {
  /** The header's slug; '' for the part before the first header. */
  slug: string;
  /** The header's title as in the page record; '' for the part before the first header. */
  heading: string;
  /** Header level (2, 3, …); 1 for the part before the first header. */
  level: number;
  /** Plain text, whitespace collapsed. */
  text: string;
}

/** Elements whose words do not run into their neighbours' (everything but phrasing content). */
const INLINE = new Set(['a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'i', 'ins', 'kbd', 'mark', 'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var']);
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
/** Not reading text: the title (it is the page's own field). */
const SKIPPED = new Set(['h1']);
/**
 * Skipped whole, straight to their end tag: code blocks (large, highlighted
 * into many spans, and not what readers search for), scripts and styles.
 * None of them nests in itself in the renderer's output.
 */
const SKIPPED_RAW = new Set(['pre', 'script', 'style', 'template', 'svg']);

/** A tag (attributes in double or single quotes may hold `>`), a comment, or text up to the next `<`. */
const TOKEN = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>|<!--[\s\S]*?-->|[^<]+|</g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/**
 * Shared by the build (which indexes sections) and the viewer (which cuts
 * result snippets from a page's chunk): both must see the same sections.
 *
 * Splits a page's rendered HTML into sections at its header elements (the
 * `<h2 id=…>`/`<h3 id=…>` whose ids are the page's header slugs), as plain
 * text. The input is the pipeline's own renderer output (hast-util-to-html),
 * not arbitrary HTML: well-formed, attributes quoted. Skipped: code blocks,
 * the `[[toc]]` list (it repeats the headers), and anything aria-hidden
 * (the `#` header anchors).
 */
export function sectionsOf(html: string, headers: readonly Header[]): PageSection[] {
  const bySlug = new Map(headers.map((h) => [h.slug, h]));
  const sections: PageSection[] = [];
  let current = { slug: '', heading: '', level: 1, parts: [] as string[] };
  const finish = () => sections.push({ slug: current.slug, heading: current.heading, level: current.level, text: collapse(current.parts.join('')) });
  /** Open elements; `skip` marks one whose content is not text (it and all inside it). */
  const stack: { tag: string; skip: boolean }[] = [];
  let skipping = 0;

  const tokens = new RegExp(TOKEN.source, 'g');
  for (let match = tokens.exec(html); match !== null; match = tokens.exec(html)) {
    const [token, closing, rawTag, rawAttributes] = match;
    if (rawTag === undefined) {
      if (token.startsWith('<!--')) continue;
      if (skipping === 0) current.parts.push(decodeEntities(token));
      continue;
    }
    const tag = rawTag.toLowerCase();
    if (!INLINE.has(tag) && skipping === 0) current.parts.push(' ');
    if (!closing && SKIPPED_RAW.has(tag)) {
      const end = html.indexOf(`</${tag}>`, tokens.lastIndex);
      tokens.lastIndex = end === -1 ? html.length : end + tag.length + 3;
      continue;
    }
    if (closing) {
      let at = stack.length - 1;
      while (at >= 0 && stack[at]!.tag !== tag) at--;
      if (at === -1) continue;
      for (const element of stack.splice(at)) if (element.skip) skipping--;
      continue;
    }
    if (VOID.has(tag) || token.endsWith('/>')) continue;
    // Attributes are parsed only where they matter: most tags are the spans and links of the text.
    const raw = rawAttributes ?? '';
    const isHeading = tag.length === 2 && tag[0] === 'h' && tag[1]! >= '2' && tag[1]! <= '6';
    const attributes = raw !== '' && (isHeading || tag === 'nav' || raw.includes('aria-hidden')) ? attributesOf(raw) : NO_ATTRIBUTES;
    const header = isHeading ? bySlug.get(attributes.get('id') ?? '') : undefined;
    if (header && `h${header.level}` === tag && skipping === 0) {
      finish();
      current = { slug: header.slug, heading: header.title, level: header.level, parts: [] };
    }
    const skip =
      header !== undefined ||
      SKIPPED.has(tag) ||
      attributes.get('aria-hidden') === 'true' ||
      (tag === 'nav' && (attributes.get('class') ?? '').split(/\s+/).includes('table-of-contents'));
    stack.push({ tag, skip });
    if (skip) skipping++;
  }
  finish();
  return sections;
}

const NO_ATTRIBUTES: ReadonlyMap<string, string> = new Map();

function attributesOf(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const m of text.matchAll(ATTRIBUTE)) attributes.set(m[1]!.toLowerCase(), decodeEntities(m[2] ?? m[3] ?? m[4] ?? ''));
  return attributes;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** hast-util-to-html writes numeric references (`&#x3C;`); the few named ones are decoded too. */
function decodeEntities(text: string): string {
  return text.replace(/&(?:#[xX]([0-9a-fA-F]{1,6})|#([0-9]{1,7})|([a-zA-Z]+));/g, (whole, hex?: string, dec?: string, name?: string) => {
    if (name !== undefined) return NAMED[name] ?? whole;
    const code = hex !== undefined ? parseInt(hex, 16) : Number(dec);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
