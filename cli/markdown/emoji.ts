import type { Data, Literal, Root } from 'mdast';
import { nameToEmoji } from 'gemoji';
import { findAndReplace } from 'mdast-util-find-and-replace';

/** remark-gemoji's pattern: a page without one is not walked. */
const SHORTCODE = /:(?:\+1|[-\w]+):/;
const SHORTCODES = /:(\+1|[-\w]+):/g;

/**
 * An emoji made from a shortcode: a node of its own, as markdown-it-emoji
 * makes a token of its own, so VuePress 1's slugs can leave it out. Not a
 * text node, which find-and-replace would merge with its neighbours; it
 * renders as its text (mdast-util-to-hast's handler for unknown nodes).
 */
export interface EmojiNode extends Literal {
  type: 'emoji';
  /** The name it was written with (`tada`). */
  shortcode: string;
  data?: Data;
}

declare module 'mdast' {
  interface PhrasingContentMap {
    emoji: EmojiNode;
  }
  interface RootContentMap {
    emoji: EmojiNode;
  }
}

/** The emoji a GitHub shortcode name stands for, if it is one. */
export function emojiOf(name: string): string | undefined {
  return Object.hasOwn(nameToEmoji, name) ? nameToEmoji[name] : undefined;
}

/**
 * `:tada:` → 🎉 in text (not in code), GitHub's names, as VuePress and
 * VitePress do.
 */
export function replaceEmojiShortcodes(tree: Root, markdown: string): void {
  if (!SHORTCODE.test(markdown)) return;
  findAndReplace(tree, [
    SHORTCODES,
    (_match: string, name: string): EmojiNode | false => {
      const emoji = emojiOf(name);
      return emoji === undefined ? false : { type: 'emoji', value: emoji, shortcode: name };
    },
  ]);
}
