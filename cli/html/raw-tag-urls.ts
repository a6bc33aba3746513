import { raw } from 'hast-util-raw';
import type { Element, Root } from 'hast';
import { lineLocator } from '../support/text-scan';

/** A URL written in raw HTML, with the place of its tag in the file. */
export interface RawUrl {
  url: string;
  line: number;
  column: number;
}

/**
 * A tag whose URL attribute is read (`<img src>`, `<a href>`): where the
 * tag opens, and the attribute with its value in any of HTML's three
 * quotings (groups 1 to 3). Both global: the scan moves their lastIndex.
 */
export interface UrlTag {
  open: RegExp;
  attribute: RegExp;
}

/**
 * The URL attribute of each such tag in a raw HTML node, as a browser reads
 * it (character references decoded), placed at the tag's `<`. Comments are
 * skipped, keeping every other character's place.
 */
export function rawTagUrls(html: string, start: { line: number; column: number }, tag: UrlTag): RawUrl[] {
  const uncommented = html.includes('<!--') ? html.replace(/<!--[\s\S]*?(?:-->|$)/g, (comment) => comment.replace(/[^\n]/g, ' ')) : html;
  const text = withoutCode(uncommented);
  const found: RawUrl[] = [];
  let locate: ReturnType<typeof lineLocator> | undefined;
  for (const { index, written, value } of tagValues(text, tag)) {
    const at = (locate ??= lineLocator(text))(index);
    found.push({ url: value.includes('&') ? decoded(written, value) : value, line: start.line + at.line, column: at.line === 0 ? start.column + at.column : at.column + 1 });
  }
  return found;
}

/**
 * The text with what `<script>` and `<style>` hold blanked, each character
 * but a line feed a space: it is code, not markup (vue-storefront's page
 * script builds HTML in strings, `'<a href=\\"…\\">'`, which is no link of
 * the page), and the sanitizer drops it. An element never closed runs to
 * the end, as in a browser.
 */
function withoutCode(text: string): string {
  const opener = /<(script|style)(?![\w-])/gi;
  if (!opener.test(text)) return text;
  const lower = text.toLowerCase();
  const chars = text.split(''); // UTF-16 units, as indexOf counts
  opener.lastIndex = 0;
  for (let open = opener.exec(text); open; open = opener.exec(text)) {
    const bodyStart = lower.indexOf('>', open.index);
    if (bodyStart === -1) break;
    const end = lower.indexOf(`</${open[1]!.toLowerCase()}`, bodyStart);
    const stop = end === -1 ? text.length : end;
    for (let i = bodyStart + 1; i < stop; i++) if (chars[i] !== '\n') chars[i] = ' ';
    opener.lastIndex = stop;
  }
  return chars.join('');
}

/**
 * The attribute after each opening of the tag: what `/<img\b[^>]*?\ssrc\s*=\s*…/gi`
 * finds, the attribute before the tag's first `>`. Found by hand because that
 * expression scans from each opening to the next `>`, or to the end, again.
 * The next attribute after a place is kept while it is still ahead, and a
 * tag without one is passed whole: each character is looked at a few times.
 */
function* tagValues(text: string, { open: opener, attribute }: UrlTag): Generator<{ index: number; written: string; value: string }> {
  let found: RegExpExecArray | null | undefined;
  let tagEnd = -1;
  opener.lastIndex = 0;
  for (let open = opener.exec(text); open; open = opener.exec(text)) {
    const from = open.index + open[0].length;
    if (found !== null && (found === undefined || found.index < from)) {
      attribute.lastIndex = from;
      found = attribute.exec(text);
    }
    if (found === null) return;
    if (tagEnd < from) {
      const close = text.indexOf('>', from);
      tagEnd = close === -1 ? text.length : close;
    }
    if (tagEnd < found.index) {
      // No such attribute in this tag: nor in any opening before its `>`.
      opener.lastIndex = tagEnd;
      continue;
    }
    yield { index: open.index, written: found[0], value: found[1] ?? found[2] ?? found[3] ?? '' };
    opener.lastIndex = found.index + found[0].length;
  }
}

/**
 * An attribute's value as the browser and the renderer read it: its
 * character references decoded (` href="a&amp;b"` → `a&b`) by the HTML
 * parser itself, given the attribute alone. `&#106;avascript:` is a
 * `javascript:` URL, which a check must not take for a path of the site.
 */
function decoded(attribute: string, value: string): string {
  const parsed = raw({ type: 'root', children: [{ type: 'raw', value: `<a${attribute}>` }] }) as Root;
  const element = parsed.children.find((child): child is Element => child.type === 'element');
  // The element has that one attribute, whatever hast names its property.
  const read = element && Object.values(element.properties)[0];
  return typeof read === 'string' ? read : value;
}
