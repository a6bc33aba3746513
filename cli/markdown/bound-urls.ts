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
const BOUND_URL =
  /(\s)(?:v-bind)?:(src|href|poster)\s*=\s*(?:"\s*(?:\$withBase\(\s*'([^'"<>]*)'\s*\)|'([^'"<>]*)')\s*"|'\s*(?:\$withBase\(\s*"([^'"<>]*)"\s*\)|"([^'"<>]*)")\s*')/g;

/** The cheap test: no raw HTML of the page binds a URL attribute. */
const MAY_BIND = /(?:v-bind)?:(?:src|href|poster)\s*=/;

export function unbindStaticUrls(tree: Root, text: string): void {
  if (!MAY_BIND.test(text)) return;
  eachNodeOf(tree, 'html', (node) => {
    if (!MAY_BIND.test(node.value)) return;
    node.value = node.value.replace(BOUND_URL, (_match, space: string, name: string, ...urls: (string | undefined)[]) => {
      const url = urls.slice(0, 4).find((u) => u !== undefined) ?? '';
      return `${space}${name}="${url.replace(/&/g, '&amp;')}"`;
    });
  });
}
