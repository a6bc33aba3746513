/** An `id` or `name` attribute, its value in any of HTML's three quotings (linear: no tag is matched around it). */
const ID_ATTRIBUTE = /\s(?:id|name)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;

/**
 * The ids and names raw HTML gives its elements (`<span id="vmodel-ime-tip">`,
 * `<a name="top">`): a link's `#vmodel-ime-tip` lands there (the page keeps
 * them with GitHub's `user-content-` prefix, and the viewer finds them by
 * it), so the anchor check counts them. Comments are left out.
 */
export function rawHtmlIds(html: string): string[] {
  if (!/(?:id|name)\s*=/i.test(html)) return [];
  const text = html.includes('<!--') ? html.replace(/<!--[\s\S]*?(?:-->|$)/g, '') : html;
  const ids: string[] = [];
  for (const match of text.matchAll(ID_ATTRIBUTE)) {
    const value = match[1] ?? match[2] ?? match[3] ?? '';
    if (value !== '') ids.push(value);
  }
  return ids;
}
