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

/**
 * The emoticons markdown-it-emoji turns into emoji by default (its
 * `shortcuts`), by the emoji's name: VuePress 1 shows `:)` as 😃.
 */
const SHORTCUTS: Readonly<Record<string, readonly string[]>> = {
  angry: ['>:(', '>:-('],
  blush: [':")', ':-")'],
  broken_heart: ['</3', '<\\3'],
  confused: [':/', ':-/'],
  cry: [":'(", ":'-(", ':,(', ':,-('],
  frowning: [':(', ':-('],
  heart: ['<3'],
  imp: [']:(', ']:-('],
  innocent: ['o:)', 'O:)', 'o:-)', 'O:-)', '0:)', '0:-)'],
  joy: [":')", ":'-)", ':,)', ':,-)', ":'D", ":'-D", ':,D', ':,-D'],
  kissing: [':*', ':-*'],
  laughing: ['x-)', 'X-)'],
  neutral_face: [':|', ':-|'],
  open_mouth: [':o', ':-o', ':O', ':-O'],
  rage: [':@', ':-@'],
  smile: [':D', ':-D'],
  smiley: [':)', ':-)'],
  smiling_imp: [']:)', ']:-)'],
  sob: [":,'(", ":,'-(", ';(', ';-('],
  stuck_out_tongue: [':P', ':-P'],
  sunglasses: ['8-)', 'B-)'],
  sweat: [',:(', ',:-('],
  sweat_smile: [',:)', ',:-)'],
  unamused: [':s', ':-S', ':z', ':-Z', ':$', ':-$'],
  wink: [';)', ';-)'],
};
const NAME_OF_SHORTCUT = new Map(Object.entries(SHORTCUTS).flatMap(([name, shortcuts]) => shortcuts.map((shortcut) => [shortcut, name] as const)));
/** Longest first, so `:-)` is not read as `:-` and a stray `)`. */
const SHORTCUT_PATTERN = new RegExp(
  [...NAME_OF_SHORTCUT.keys()]
    .sort((a, b) => b.length - a.length || (a < b ? -1 : 1))
    .map((shortcut) => shortcut.replace(/[.?*+^$[\]\\(){}|-]/g, '\\$&'))
    .join('|'),
  'g',
);
/** What may stand beside an emoticon: a space, punctuation or a control character (markdown-it-emoji's test), so `http://` keeps its `:/`. */
const BESIDE_SHORTCUT = /[\p{Z}\p{P}\p{Cc}]/u;

/**
 * `:)` → 😃 in text (not in code or an image's alt), as VuePress 1's
 * markdown-it-emoji does, where nothing but a space or punctuation stands
 * beside it. VuePress trees only: GitHub leaves emoticons as written.
 */
export function replaceEmojiShortcuts(tree: Root): void {
  findAndReplace(tree, [
    SHORTCUT_PATTERN,
    (shortcut: string, match: { index: number; input: string }): EmojiNode | false => {
      const before = match.input[match.index - 1];
      const after = match.input[match.index + shortcut.length];
      if ((before !== undefined && !BESIDE_SHORTCUT.test(before)) || (after !== undefined && !BESIDE_SHORTCUT.test(after))) return false;
      const name = NAME_OF_SHORTCUT.get(shortcut)!;
      const emoji = emojiOf(name);
      return emoji === undefined ? false : { type: 'emoji', value: emoji, shortcode: name };
    },
  ]);
}
