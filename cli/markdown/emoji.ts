import type { Root } from 'mdast';
import remarkGemoji from 'remark-gemoji';

/** Same pattern as remark-gemoji's: a page without one is not walked. */
const SHORTCODE = /:(?:\+1|[-\w]+):/;
const replace = remarkGemoji();

/** `:tada:` → 🎉 in text (not in code), GitHub's names, as VuePress and VitePress do. */
export function replaceEmojiShortcodes(tree: Root, markdown: string): void {
  if (SHORTCODE.test(markdown)) replace(tree);
}
