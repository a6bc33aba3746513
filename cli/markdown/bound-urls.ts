import type { Root } from 'mdast';
import { eachNodeOf } from './walk';

/**
 * VuePress's `<img :src="$withBase('/logo.png')">`: a bound attribute whose
 * value is a public file's site path (VuePress's docs recommend it for
 * images in `.vuepress/public` under a `base`), or a string literal
 * (`:href="'/guide/'"`). Vue works it out in the browser; docsbuild runs no
 * Vue, so the binding is read here as the plain attribute it amounts to
 * (`src="/logo.png"`), which then gets what any page image or link gets
 * (the base, the file checked). Any other expression is left for the
 * sanitizer, which removes it with a warning.
 */
/** Where a bound URL attribute starts: `:src=`, `v-bind:href =`… (its value is read by hand after it). */
const BOUND_NAME = /\s(?:v-bind)?:(src|href|poster)[ \t\n]*=[ \t\n]*/g;
/** A quoted attribute's value that is `$withBase('/x')` or a string literal `'/x'`, in the other quotes. */
const STATIC_VALUE = /^[ \t\n]*(?:\$withBase\([ \t\n]*(['"])([^'"<>]*)\1[ \t\n]*\)|(['"])([^'"<>]*)\3)[ \t\n]*$/;

/** The cheap test: no raw HTML of the page binds a URL attribute. */
const MAY_BIND = /(?:v-bind)?:(?:src|href|poster)\s*=/;

export function unbindStaticUrls(tree: Root, text: string): void {
  if (!MAY_BIND.test(text)) return;
  eachNodeOf(tree, 'html', (node) => {
    if (MAY_BIND.test(node.value)) node.value = unbind(node.value);
  });
}

/** The HTML with each static binding written as the plain attribute; others as they were. */
function unbind(html: string): string {
  let out = '';
  let from = 0;
  BOUND_NAME.lastIndex = 0;
  for (let found = BOUND_NAME.exec(html); found; found = BOUND_NAME.exec(html)) {
    const quote = html[BOUND_NAME.lastIndex];
    if (quote !== '"' && quote !== "'") continue;
    const close = html.indexOf(quote, BOUND_NAME.lastIndex + 1);
    if (close === -1) break;
    const value = STATIC_VALUE.exec(html.slice(BOUND_NAME.lastIndex + 1, close));
    if (value) {
      const url = value[2] ?? value[4] ?? '';
      out += `${html.slice(from, found.index)}${found[0][0]}${found[1]}="${url.replace(/&/g, '&amp;')}"`;
      from = close + 1;
    }
    BOUND_NAME.lastIndex = close + 1;
  }
  return out + html.slice(from);
}
