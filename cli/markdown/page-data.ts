import type { Heading, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { SKIP, eachNode } from './walk';

/**
 * `{{ $frontmatter.KEY }}`, `{{ $page.frontmatter.KEY }}` and
 * `{{ $page.title }}`: VuePress pages read their own data this way (Vue
 * interpolates it in text and inline code); vuejs/docs opens its migration
 * pages with `# {{ $frontmatter.title }}`. A name with a string, number or
 * boolean value is filled in; any other is left as written, and
 * reportUnsupportedSyntax says so.
 */
const PAGE_DATA = /\{\{\s*\$(?:page\.)?(?:frontmatter\.([A-Za-z_$][\w$]*)|(?<=page\.)(title))\s*\}\}/g;

/** The cheap test. */
const ANY = /\$(?:page\.)?frontmatter\.|\$page\.title/;

export function interpolatePageData(tree: Root, frontmatter: Readonly<Record<string, unknown>>, text: string): void {
  if (!ANY.test(text)) return;
  let title: string | undefined;
  const titleOf = () => (title ??= typeof frontmatter.title === 'string' ? frontmatter.title : firstHeadingText(tree));
  eachNode(tree, (node) => {
    if (node.type === 'container' && node.kind === 'v-pre') return SKIP;
    if ((node.type !== 'text' && node.type !== 'inlineCode') || !node.value.includes('{{')) return undefined;
    node.value = node.value.replace(PAGE_DATA, (written, key: string | undefined) => {
      const value = key === undefined ? titleOf() : frontmatter[key];
      return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : written;
    });
    return undefined;
  });
}

/** The first `#` heading's text, as VuePress takes a page's title from it (braces of its own left out). */
function firstHeadingText(tree: Root): string | undefined {
  const heading = tree.children.find((node): node is Heading => node.type === 'heading' && node.depth === 1);
  const text = heading && toString(heading);
  return text && !text.includes('{{') ? text : undefined;
}
