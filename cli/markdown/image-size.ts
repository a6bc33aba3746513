import type { Root } from 'mdast';
import { visit } from 'unist-util-visit';
import { forEachProseLine } from './directives';

/**
 * An image's size as markdown-it-imsize writes it after the URL: `![alt](src =740x155)`, `=740x`, `=x155`.
 * No bracket inside the alt text and no `<` inside an angle-bracketed URL: each character is read a bounded number of times.
 */
const SIZED_IMAGE = /!\[[^[\]\n]*\]\(\s*(?:<[^<>\n]*>|[^\s()<>]+)(\s+=(\d*)x(\d*))(?=\s*\))/g;

export interface ImageSize {
  width?: string;
  height?: string;
}

/**
 * A VuePress tree's image sizes (markdown-it-imsize, which ipfs-docs and
 * craftcms load: `![Diagram](./flow.png =740x155)`). CommonMark reads no
 * link there, so the image was shown as its Markdown text. Before the parse
 * the size is blanked out in place (spaces of the same length: nothing
 * moves), and kept by where the image starts (`line:column`, 1-based), for
 * sizeImages to put on the image after it.
 */
export function takeImageSizes(text: string): { text: string; sizes: Map<string, ImageSize> } {
  const sizes = new Map<string, ImageSize>();
  if (!text.includes(' =')) return { text, sizes };
  const lines = text.split('\n');
  forEachProseLine(lines, (line, index) => {
    if (!line.includes('![') || !line.includes(' =')) return;
    lines[index] = line.replace(SIZED_IMAGE, (match: string, size: string, width: string, height: string, at: number) => {
      // Inside a code span (an odd number of backticks before it on the line) it is code, shown as written.
      if ((width === '' && height === '') || line.slice(0, at).split('`').length % 2 === 0) return match;
      sizes.set(`${index + 1}:${at + 1}`, { ...(width ? { width } : {}), ...(height ? { height } : {}) });
      // The size ends the match.
      return match.slice(0, match.length - size.length) + ' '.repeat(size.length);
    });
  });
  return { text: sizes.size === 0 ? text : lines.join('\n'), sizes };
}

/** Puts each kept size on the image that starts where it was written: `<img width height>`. */
export function sizeImages(tree: Root, sizes: ReadonlyMap<string, ImageSize>): void {
  if (sizes.size === 0) return;
  visit(tree, 'image', (image) => {
    const start = image.position?.start;
    const size = start && sizes.get(`${start.line}:${start.column}`);
    if (size) image.data = { ...image.data, hProperties: { ...image.data?.hProperties, ...size } };
  });
}
