import type { Element } from 'hast';
import type { Highlighter } from './highlight';

/**
 * A highlighter that remembers its last `size` blocks by language and code:
 * a writer typing into a page leaves its code blocks as they were, and
 * shiki's tokenizing was half of the dev server's time for such an edit
 * (the other half the Markdown parse). The same code and language give the
 * same colours (no time limit per line), so output is unchanged. Each call
 * gets its own copy: the page's renderer adds to the tree it is given.
 */
export function rememberHighlights(highlighter: Highlighter, size: number): Highlighter {
  const blocks = new Map<string, Element | undefined>();
  return {
    highlight(code, lang) {
      const key = `${lang}\0${code}`;
      let pre = blocks.get(key);
      if (pre === undefined && !blocks.has(key)) {
        pre = highlighter.highlight(code, lang);
        // The oldest goes first: a Map keeps insertion order.
        if (blocks.size >= size) blocks.delete(blocks.keys().next().value!);
      } else blocks.delete(key);
      blocks.set(key, pre);
      return pre && structuredClone(pre);
    },
    dispose() {
      blocks.clear();
      highlighter.dispose();
    },
  };
}
