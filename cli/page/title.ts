import { emojiOf } from '../markdown/emoji';
/**
 * A page's title. By default: frontmatter `title`, else the first `#`
 * heading, else a heading that opens the page. In a VuePress tree, exactly
 * as VuePress 1 infers it, so pages keep their titles: frontmatter `title`,
 * else "Home" on a `home: true` page, else a heading of any level at the
 * very start of the body (the raw line, cleaned as VuePress cleans it).
 */
export interface TitleInput {
  /** Frontmatter `title`, constants interpolated. */
  frontmatterTitle?: string;
  home?: unknown;
  /** The text of the first `#` heading anywhere on the page. */
  firstHeading?: string;
  /** The Markdown body, frontmatter removed. */
  body: string;
  vuepress: boolean;
}

export function inferTitle(input: TitleInput): string | undefined {
  if (input.vuepress) {
    if (input.frontmatterTitle) return cleanHeaderText(input.frontmatterTitle);
    if (input.home) return 'Home';
    const opening = openingHeading(input.body);
    return opening === undefined ? undefined : cleanHeaderText(opening);
  }
  if (input.frontmatterTitle) return input.frontmatterTitle;
  if (input.firstHeading) return input.firstHeading;
  const opening = openingHeading(input.body);
  return opening === undefined ? undefined : cleanHeaderText(opening) || undefined;
}

/** The text after the `#`s when the body (trimmed) starts with a heading line; VuePress does not look further. */
function openingHeading(body: string): string | undefined {
  return /^#+\s+(.*)/.exec(body.trim())?.[1];
}

/**
 * Longer heading text is shown as written (its entities decoded): VuePress's
 * patterns below take time in the square of the length (a heading of 16,000
 * characters, a tenth of a second; a hostile page has thousands), and no
 * heading a reader reads is this long.
 */
export const MAX_CLEANED_LENGTH = 1000;

/** The five entities VuePress 1 decodes in heading text. */
function decodeEntities(text: string): string {
  return text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&#x3A;/g, ':').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

/**
 * Heading source as VuePress 1 shows it in titles and sidebars: raw HTML
 * outside backticks dropped, the five entities it knows decoded, link
 * shortcodes made emoji (parseEmojis: its pattern, so `a: b :c:` keeps
 * `:c:`), link syntax reduced to its label, code and emphasis marks and
 * escapes removed, then trimmed.
 */
export function cleanHeaderText(source: string): string {
  if (source.length > MAX_CLEANED_LENGTH) return decodeEntities(source).trim();
  return decodeEntities(source.replace(/(^|[^><`\\])<.*>([^><`]|$)/g, '$1$2'))
    .replace(/:(.+?):/g, (shortcode: string, name: string) => emojiOf(name) ?? shortcode)
    .replace(/(\[(.[^\]]+)\]\((.[^)]+)\))/g, '$2')
    .replace(/(`|\*{1,3}|_)(.*?[^\\])\1/g, '$2')
    .replace(/(\\)(\*|_|`|!|<)/g, '$2')
    .trim();
}
