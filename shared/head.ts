import type { HeadTagRecord, SiteRecord } from '../schema/manifest';

/** What a route puts in `<head>` besides the site-wide head tags. */
export interface HeadData {
  title: string;
  description: string;
  /** Absolute URL; absent when the site has no host and no origin is known (a build without `host`). */
  canonical?: string;
  /** Not-found pages ask search engines not to index them. */
  noindex: boolean;
}

export type HeadSubject = { kind: 'page'; title: string; description: string; path: string; metaTitle?: string } | { kind: 'not-found' };

type SiteHead = Pick<SiteRecord, 'title' | 'description' | 'base' | 'host'>;

export const NOT_FOUND_TITLE = 'Page not found';

/** `Limits | Pipedream`, or just the site title when the page is titled like the site. */
export function documentTitle(siteTitle: string, pageTitle: string): string {
  return pageTitle === '' || pageTitle === siteTitle ? siteTitle : `${pageTitle} | ${siteTitle}`;
}

/**
 * Title, description and canonical URL of a route. `origin` (the page's own
 * origin) is the fallback for a site without a `host` setting, on the client only.
 */
export function headFor(site: SiteHead, subject: HeadSubject, origin?: string): HeadData {
  if (subject.kind === 'not-found') {
    return { title: documentTitle(site.title, NOT_FOUND_TITLE), description: site.description, noindex: true };
  }
  const host = site.host ?? origin;
  return {
    title: subject.metaTitle ?? documentTitle(site.title, subject.title),
    description: subject.description || site.description,
    canonical: host === undefined ? undefined : `${host}${encodeURI(`${site.base}${subject.path.slice(1)}`)}`,
    noindex: false,
  };
}

/** Updates the live document's head after a client-side navigation. */
export function applyHead(doc: Document, head: HeadData): void {
  doc.title = head.title;
  upsert(doc, 'meta[name="description"]', 'meta', { name: 'description' }).setAttribute('content', head.description);
  if (head.canonical) upsert(doc, 'link[rel="canonical"]', 'link', { rel: 'canonical' }).setAttribute('href', head.canonical);
  else doc.head.querySelector('link[rel="canonical"]')?.remove();
  if (head.noindex) upsert(doc, 'meta[name="robots"]', 'meta', { name: 'robots' }).setAttribute('content', 'noindex');
  else doc.head.querySelector('meta[name="robots"]')?.remove();
}

/** A page's own part of the head: its language and its frontmatter `<meta>` tags (VuePress `lang`, `meta`). */
export interface PageHead {
  lang: string;
  meta: readonly Readonly<Record<string, string>>[];
}

/**
 * Swaps the shown page's own head for the next one's after a client-side
 * navigation: `<html lang>`, and the previous page's meta tags (found by
 * their attributes, as the prerenderer wrote them) for the next page's.
 */
export function applyPageHead(doc: Document, previous: PageHead, next: PageHead): void {
  if (doc.documentElement.lang !== next.lang) doc.documentElement.lang = next.lang;
  for (const attrs of previous.meta) {
    const entries = Object.entries(attrs);
    [...doc.head.querySelectorAll('meta')].find((el) => el.attributes.length === entries.length && entries.every(([name, value]) => el.getAttribute(name) === value))?.remove();
  }
  for (const attrs of next.meta) appendTag(doc, 'meta', attrs);
}

/** The head's element that `selector` finds, else a new one. */
function upsert(doc: Document, selector: string, tag: string, attrs: Readonly<Record<string, string>>): Element {
  return doc.head.querySelector(selector) ?? appendTag(doc, tag, attrs);
}

function appendTag(doc: Document, tag: string, attrs: Readonly<Record<string, string>>): Element {
  const el = doc.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  doc.head.append(el);
  return el;
}

/** The static `<head>` markup of a route (used by the prerenderer). */
export function renderHead(head: HeadData): string {
  const lines = [`<title>${escapeHtml(head.title)}</title>`, `<meta name="description" content="${escapeHtml(head.description)}">`];
  if (head.canonical) lines.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}">`);
  if (head.noindex) lines.push('<meta name="robots" content="noindex">');
  return lines.join('\n');
}

const VOID_TAGS = new Set(['meta', 'link', 'base']);

/** One site head tag as HTML: attributes escaped, `true` as a bare attribute, `false` left out (names are checked by site.yaml's schema, and by headTagHtml). */
export function renderHeadTag(tag: HeadTagRecord): string {
  const attrs = Object.entries(tag.attrs)
    .map(([name, value]) => (value === false ? '' : value === true ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`))
    .join('');
  if (VOID_TAGS.has(tag.tag)) return `<${tag.tag}${attrs}>`;
  return `<${tag.tag}${attrs}>${headTagContent(tag)}</${tag.tag}>`;
}

/** A head tag's text as written into the page (a Content-Security-Policy hashes exactly this). */
export function headTagContent(tag: HeadTagRecord): string {
  // Raw text elements end at their closing tag: keep a stray one in the children from closing early.
  const text = (tag.children ?? '').replace(new RegExp(`</(${tag.tag})`, 'gi'), '<\\/$1');
  // In a script, "<!--" then "<script" makes the parser skip the next "</script>", and the document after it
  // becomes script: escaped as the HTML spec advises for script contents ("<\!--", "<\script"), which JS reads the same.
  return tag.tag === 'script' ? text.replace(/<!--/g, '<\\!--').replace(/<(script)/gi, '<\\$1') : text;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
