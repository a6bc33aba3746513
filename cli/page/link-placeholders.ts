/**
 * A page is rendered before the rest of the site is known (in a worker, or
 * from the cache), so its internal links cannot be resolved yet: each URL
 * becomes a numbered placeholder, filled in once the site is known.
 */
export const PLACEHOLDER = /__docsbuild_link_(\d+)__/g;

export function placeholderFor(index: number): string {
  return `__docsbuild_link_${index}__`;
}

/**
 * What a placeholder is filled with (site/links.ts resolveHrefs): the final
 * URL of a page, a file or another site, or, for a URL that leads nowhere,
 * the URL as written. A page is no image's source.
 */
export type Href = { kind: 'page' | 'asset' | 'external'; href: string } | { kind: 'none'; written: string };

/**
 * A link or image whose URL is a placeholder, as the renderer writes it
 * (hast-util-to-html: the URL first, every value double-quoted).
 */
const LINK_OR_IMAGE = /<(a|img) (href|src)="__docsbuild_link_(\d+)__"((?:\s+[\w:-]+(?:="[^"]*")?)*)\s*\/?>/g;

/**
 * Replaces each placeholder with its href. A link that leads nowhere (a
 * build that lets dead links pass, see README.md#adopting-docsbuild-on-an-existing-site)
 * becomes its text in a `<span>` whose title names the URL, and an image of
 * a missing file its alt text: never a link to nowhere.
 */
export function fillHrefs(html: string, hrefs: readonly Href[]): string {
  let out = '';
  let from = 0;
  for (const match of html.matchAll(LINK_OR_IMAGE)) {
    const [tag, element, , n, attributes] = match as unknown as [string, 'a' | 'img', string, string, string];
    const href = hrefs[Number(n)];
    const live = href !== undefined && href.kind !== 'none' && (element === 'a' || href.kind !== 'page');
    if (live || match.index < from) continue;
    const written = href === undefined ? '' : href.kind === 'none' ? href.written : href.href;
    out += html.slice(from, match.index);
    from = match.index + tag.length;
    if (element === 'img') {
      const alt = /\salt="([^"]*)"/.exec(attributes)?.[1] ?? '';
      out += `<span title="${escapeAttribute(`Missing image: ${written}`)}">${alt.replace(/</g, '&#x3C;')}</span>`;
      continue;
    }
    // Links do not nest, so the link ends at the next </a>.
    const end = html.indexOf('</a>', from);
    if (end === -1) {
      out += `<span title="${escapeAttribute(`Broken link: ${written}`)}"></span>`;
      continue;
    }
    // Its content may hold an image with a placeholder of its own: filled here, so it is not filled twice.
    out += `<span title="${escapeAttribute(`Broken link: ${written}`)}">${fillHrefs(html.slice(from, end), hrefs)}</span>`;
    from = end + '</a>'.length;
  }
  out += html.slice(from);
  return out.replace(PLACEHOLDER, (_, n: string) => {
    const href = hrefs[Number(n)];
    return escapeAttribute(href === undefined ? '' : href.kind === 'none' ? href.written : href.href);
  });
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
