import { createHash } from 'node:crypto';
import { isWebUrl } from '../../shared/urls';
import type { SiteRecord } from '../../schema/manifest';
import { headTagContent } from '../../shared/head';
import { THEME_SCRIPT } from '../../shared/theme-script';

/**
 * `meta`: for `<meta http-equiv="Content-Security-Policy">` in every HTML
 * file. `header`: for hosts' header files (_headers, vercel.json, nginx),
 * which may also carry `frame-ancestors` (browsers ignore it in a meta tag,
 * and Chromium logs an error when it is there).
 */
export type CspDelivery = 'meta' | 'header';

export interface CspOptions {
  /** Default `header`. */
  delivery?: CspDelivery;
}

/** The part of the site record the policy depends on. */
export type CspSite = Pick<SiteRecord, 'headTags' | 'search'> & Partial<Pick<SiteRecord, 'iframeOrigins'>>;

const GOOGLE_TAG_ORIGIN = 'https://www.googletagmanager.com';
/** Where the Google tag sends its hits (Google's CSP guidance for GA4); its pixels are https images, allowed anyway. */
const GOOGLE_TAG_CONNECT = ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'];
/** The type attributes a browser runs a script of: none, "module", and the HTML spec's JavaScript MIME type essences (any case, no parameters). */
const JS_TYPES = new Set([
  '',
  'module',
  ...['application/ecmascript', 'application/javascript', 'application/x-ecmascript', 'application/x-javascript', 'text/ecmascript', 'text/javascript'],
  ...['text/javascript1.0', 'text/javascript1.1', 'text/javascript1.2', 'text/javascript1.3', 'text/javascript1.4', 'text/javascript1.5'],
  ...['text/jscript', 'text/livescript', 'text/x-ecmascript', 'text/x-javascript'],
]);

/**
 * The Content-Security-Policy the site works under. Everything comes from
 * the site's own origin: the viewer's only inline script is the one that
 * applies the stored theme before the first paint, allowed by its SHA-256
 * hash (its boot data is a JSON block, which CSP does not govern), and it
 * uses no inline style (code colours
 * are classes, see markdown/code-classes.ts), so neither `'unsafe-inline'`
 * nor `'unsafe-eval'` appears. Additions come only from site.yaml:
 * `headTags` scripts and stylesheets (their origin, or the hash of inline
 * ones), the analytics tag (script-src, plus connect-src and img-src for
 * its hits), DocSearch (connect-src to Algolia), and
 * `markdown.allowIframeOrigins` (frame-src). Images may come from any https
 * origin: pages link badges and screenshots from elsewhere, and an image
 * cannot run code.
 */
export function contentSecurityPolicy(site: CspSite, options: CspOptions = {}): string {
  const script = new Set<string>();
  const style = new Set<string>();
  const connect = new Set<string>();
  for (const tag of site.headTags) {
    const src = typeof tag.attrs.src === 'string' ? tag.attrs.src : undefined;
    const type = typeof tag.attrs.type === 'string' ? tag.attrs.type.trim().toLowerCase() : '';
    if (tag.tag === 'script' && src !== undefined) addOrigin(script, src);
    else if (tag.tag === 'script' && JS_TYPES.has(type) && tag.children) script.add(hashSource(headTagContent(tag)));
    else if (tag.tag === 'style' && tag.children) style.add(hashSource(headTagContent(tag)));
    else if (tag.tag === 'link' && String(tag.attrs.rel).toLowerCase() === 'stylesheet' && typeof tag.attrs.href === 'string') addOrigin(style, tag.attrs.href);
  }
  const externalStyle = [...style].some((source) => !source.startsWith("'"));
  if (script.has(GOOGLE_TAG_ORIGIN)) for (const origin of GOOGLE_TAG_CONNECT) connect.add(origin);
  const docsearch = site.search.provider === 'docsearch' ? site.search.docsearch : undefined;
  if (docsearch) {
    connect.add(`https://${docsearch.appId.toLowerCase()}-dsn.algolia.net`);
    // Algolia's clients retry on these hosts when the first one fails.
    connect.add('https://*.algolianet.com');
  }
  const frames = site.iframeOrigins ?? [];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    // The viewer's one inline script applies the stored theme before the first paint (viewer/theme.ts).
    ['script-src', ["'self'", hashSource(THEME_SCRIPT), ...sorted(script)]],
    ['style-src', ["'self'", ...sorted(style)]],
    ['img-src', ["'self'", 'https:']],
    // An outside stylesheet's fonts come from wherever its @font-face rules say (Google Fonts' CSS from fonts.googleapis.com
    // loads them from fonts.gstatic.com): like images, any https font; a font runs no code.
    ['font-src', externalStyle ? ["'self'", 'https:'] : ["'self'"]],
    ['connect-src', ["'self'", ...sorted(connect)]],
    ['frame-src', frames.length > 0 ? [...frames].sort() : ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
  ];
  if ((options.delivery ?? 'header') === 'header') directives.push(['frame-ancestors', ["'self'"]]);
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/**
 * Response headers for hosts that take a header file: the policy, and two
 * headers that cost nothing (no MIME sniffing, no full URL leaked to other sites).
 */
export function securityHeaders(site: CspSite): [name: string, value: string][] {
  return [
    ['Content-Security-Policy', contentSecurityPolicy(site, { delivery: 'header' })],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Content-Type-Options', 'nosniff'],
  ];
}

/** `'sha256-…'` of an inline script or style, as CSP expects it. */
export function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** A URL's origin as a CSP source; a path on the site itself needs nothing beyond 'self'. */
function addOrigin(sources: Set<string>, url: string): void {
  if (!isWebUrl(url) && !url.startsWith('//')) return;
  try {
    const origin = new URL(url, 'https://placeholder.invalid').origin;
    // A scheme-relative URL loads over the page's own scheme: a bare host is the CSP source that says so ("//host" is no valid source).
    if (origin !== 'null') sources.add(url.startsWith('//') ? new URL(origin).host : origin);
  } catch {
    // Not a URL: the browser will not load it either.
  }
}

function sorted(set: ReadonlySet<string>): string[] {
  return [...set].sort();
}
