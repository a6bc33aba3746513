import { defaultSchema, type Schema } from 'hast-util-sanitize';
import { ZOOM_CLASS } from './inline-styles';

/**
 * What raw HTML in pages may contain beyond GitHub's rules. Plain data: it
 * crosses worker boundaries and is part of a page's cache key.
 */
export interface HtmlPolicy {
  /**
   * Origins whose pages may be embedded with `<iframe src>`, from site.yaml
   * `markdown.allowIframeOrigins` (`https://www.youtube-nocookie.com`).
   * Default: none, so every `<iframe>` is removed.
   */
  allowIframeOrigins: readonly string[];
}

export const DEFAULT_HTML_POLICY: HtmlPolicy = { allowIframeOrigins: [] };

/** The prefix given to every `id` and `name` written in raw HTML, as GitHub does. */
export const CLOBBER_PREFIX = 'user-content-';
/** Properties whose values are element ids: an author's value must not clash with the viewer's own ids. */
export const CLOBBERED_PROPERTIES = ['id', 'name', 'ariaDescribedBy', 'ariaLabelledBy'] as const;

/**
 * What an allowed `<iframe>` may carry besides `src`: the attributes of the
 * usual "embed" snippets, and `sandbox`, which can only take powers away.
 */
const IFRAME_ATTRIBUTES = ['width', 'height', 'title', 'allow', 'allowFullScreen', 'frameBorder', 'loading', 'referrerPolicy', 'sandbox'];

/**
 * Inline SVG a writer may draw (diagrams, icons): shapes, text, gradients
 * and markers, with their geometry and paint. Never `<script>`,
 * `<foreignObject>`, `<use>` or `<image>` (they run or fetch something),
 * no `on…` handlers, no `style` (the CSP), no links at all.
 */
export const SVG_ELEMENTS = [
  'svg', 'g', 'path', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'rect', 'text', 'tspan', 'title', 'desc',
  'defs', 'marker', 'linearGradient', 'radialGradient', 'stop', 'clipPath', 'symbol',
];
const SVG_ATTRIBUTES = [
  'viewBox', 'width', 'height', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'dx', 'dy', 'd', 'points',
  'fill', 'fillOpacity', 'fillRule', 'stroke', 'strokeWidth', 'strokeDashArray', 'strokeDashOffset', 'strokeLineCap', 'strokeLineJoin',
  'strokeOpacity', 'opacity', 'transform', 'fontSize', 'fontFamily', 'fontWeight', 'fontStyle', 'textAnchor', 'dominantBaseline',
  'markerEnd', 'markerStart', 'markerMid', 'markerWidth', 'markerHeight', 'markerUnits', 'refX', 'refY', 'orient', 'offset', 'stopColor',
  'stopOpacity', 'gradientUnits', 'gradientTransform', 'preserveAspectRatio', 'clipPath', 'clipRule', 'vectorEffect', 'role',
  'ariaLabel', 'ariaHidden', 'ariaLabelledBy', 'ariaDescribedBy', 'id', 'xmlns', 'xmlnsXLink', 'version', 'focusable',
];

/**
 * `rel` words a page's link may keep: they only describe the link to search
 * engines and browsers (Google asks for `sponsored` on paid links, as
 * vue-router's sponsor banners have), and can only take powers away.
 */
export const LINK_REL = ['nofollow', 'sponsored', 'ugc', 'noopener', 'noreferrer', 'external'];

/** Made once: the schema is built for every link checked. */
const SVG_SCHEMA_ATTRIBUTES = Object.fromEntries(SVG_ELEMENTS.map((name) => [name, SVG_ATTRIBUTES]));

/**
 * The one allow-list for HTML in pages, used both by `check` (to report what
 * is removed) and by the renderer (to remove it). GitHub's rules
 * (hast-util-sanitize's default schema), plus:
 * - `<style>` is dropped with its text, like `<script>` (GitHub drops its
 *   tag and would show the CSS as text);
 * - `tel:` links are allowed, and a link's `rel` words of LINK_REL;
 * - `<iframe>` only with a `src` on a listed origin;
 * - ids are prefixed by ../html/clean.ts, not here (see there why).
 * `data:` URLs stay refused everywhere, images too: a writer can always add
 * the file itself, and the CSP then needs no `data:` source.
 */
export function htmlSchema(policy: HtmlPolicy): Schema {
  // Made once per policy: it is asked for every link a page has (clean.ts urlSurvives), and building it was 2% of a cold build.
  const key = policy.allowIframeOrigins.join('\n');
  let schema = schemas.get(key);
  if (!schema) schemas.set(key, (schema = buildSchema(policy)));
  return schema;
}

/** By the policy's origins: a policy is plain data, a new object in every worker and build. */
const schemas = new Map<string, Schema>();

/**
 * Text elements GitHub keeps that hast-util-sanitize's default schema does
 * not (GitHub's sanitization filter): VuePress sites write `<small>` and
 * `<mark>` in their pages, and GitHub's README says they stay.
 */
const GITHUB_TEXT_ELEMENTS = ['abbr', 'bdo', 'caption', 'cite', 'dfn', 'figcaption', 'figure', 'mark', 'small', 'time', 'wbr'];

function buildSchema(policy: HtmlPolicy): Schema {
  const iframes = policy.allowIframeOrigins.length > 0;
  return {
    ...defaultSchema,
    tagNames: [...(defaultSchema.tagNames ?? []), ...GITHUB_TEXT_ELEMENTS, ...SVG_ELEMENTS, ...(iframes ? ['iframe'] : [])],
    attributes: {
      ...defaultSchema.attributes,
      ...SVG_SCHEMA_ATTRIBUTES,
      a: [...(defaultSchema.attributes?.a ?? []), ['rel', ...LINK_REL]],
      // Only the zoom steps raw HTML's `style="zoom:80%"` becomes (inline-styles.ts): the viewer's stylesheet draws them.
      img: [...(defaultSchema.attributes?.img ?? []), ['className', ZOOM_CLASS]],
      ...(iframes ? { iframe: [['src', originPattern(policy.allowIframeOrigins)], ...IFRAME_ATTRIBUTES] } : {}),
    },
    protocols: { ...defaultSchema.protocols, href: [...(defaultSchema.protocols?.href ?? []), 'tel'] },
    clobber: [],
    strip: ['script', 'style'],
  };
}

/** `src` values on one of the origins: the origin, then the end, a path, a query or a fragment (so `https://a.com.evil.net` fails). */
function originPattern(origins: readonly string[]): RegExp {
  const escaped = origins.map((o) => o.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
  return new RegExp(`^(?:${escaped.join('|')})(?:[/?#]|$)`);
}

/** The policy a site config sets (the default when the config is broken). */
export function htmlPolicyOf(config: { markdown: { allowIframeOrigins: readonly string[] } } | undefined): HtmlPolicy {
  return { allowIframeOrigins: [...(config?.markdown.allowIframeOrigins ?? [])] };
}
