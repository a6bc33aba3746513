import type { Element, Nodes, Root } from 'hast';

/**
 * Raw HTML's `style` attributes, which the allow-list removes (the CSP
 * allows no inline styles), turned into the presentational attributes it
 * keeps, as far as they say the same thing: an image's size and float
 * (`<img style="float: right; width: 300px">` → `align="right" width="300"`)
 * and a block's `text-align` (`<p style="text-align: center">`, the
 * VuePress way of GitHub's `<p align="center">`). Margins, paddings and the
 * cursor are let go with them: the viewer spaces aligned images itself, and
 * a zoom cursor promises a plugin that does not run. An image's `zoom`
 * (Typora writes `style="zoom:80%"` when an image is resized) becomes a
 * class the viewer's stylesheet zooms by, in steps of 5%. A style with
 * anything else is left for the sanitizer to remove and report, with what
 * it could translate already copied into attributes.
 */
export function stylesAsAttributes(tree: Root): void {
  const visit = (node: Nodes): void => {
    if (node.type === 'element' && typeof node.properties.style === 'string') translate(node);
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(tree);
}

const ALIGNED_BLOCKS = new Set(['div', 'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'td', 'th']);
/** Let go without a word: spacing, which the viewer's styles give, and the cursor. */
const LET_GO = /^(?:margin|padding)(?:-(?:top|right|bottom|left))?$|^cursor$/;
const LENGTH = /^(\d+(?:\.\d+)?)(px)?$/;
const PERCENTAGE = /^\d+(?:\.\d+)?%$/;

function translate(element: Element): void {
  const declarations = declarationsOf(element.properties.style as string);
  if (declarations === undefined) return;
  const attributes: Record<string, string> = {};
  let zoom: string | undefined;
  let untranslated = false;
  for (const [name, value] of declarations) {
    const attribute = attributeFor(element.tagName, name, value);
    const zoomClass = element.tagName === 'img' && name === 'zoom' ? zoomClassOf(value) : undefined;
    if (attribute) attributes[attribute[0]] = attribute[1];
    else if (zoomClass !== undefined) zoom = zoomClass;
    else if (!LET_GO.test(name)) untranslated = true;
  }
  // The style's values win over attributes written beside it, as in a browser (CSS over presentational hints).
  Object.assign(element.properties, attributes);
  if (zoom) element.properties.className = [...classesOf(element.properties.className), zoom];
  if (!untranslated) delete element.properties.style;
}

/** The class for an image's zoom below 100% (`80%`, `0.8`), rounded to 5%: ZOOM_CLASS; '' (nothing to do) for 100%. */
function zoomClassOf(value: string): string | undefined {
  const percent = /^(\d+(?:\.\d+)?)%$/.exec(value);
  const factor = percent ? Number(percent[1]) / 100 : /^(?:\d+(?:\.\d+)?|\.\d+)$/.test(value) ? Number(value) : NaN;
  if (factor === 1) return '';
  const step = Math.round(factor * 20) * 5;
  return step >= 10 && step <= 95 ? `zoom-${step}` : undefined;
}

/** The classes an image may keep: the zoom steps of viewer/styles/content.css. */
export const ZOOM_CLASS = /^zoom-[1-9][05]$/;

function classesOf(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(/\s+/).filter(Boolean) : [];
}

function attributeFor(tagName: string, name: string, value: string): [string, string] | undefined {
  if (tagName === 'img') {
    if (name === 'width') {
      const length = LENGTH.exec(value);
      if (length) return ['width', length[1]!];
      if (PERCENTAGE.test(value)) return ['width', value];
    }
    if (name === 'height') {
      const length = LENGTH.exec(value);
      if (length) return ['height', length[1]!];
    }
    if (name === 'float' && (value === 'left' || value === 'right')) return ['align', value];
    return undefined;
  }
  if (name === 'text-align' && ALIGNED_BLOCKS.has(tagName) && /^(?:left|center|right|justify)$/.test(value)) return ['align', value];
  return undefined;
}

/**
 * `name: value` pairs, names and keyword values in lower case; undefined for
 * a style this simple reading cannot be sure of (a `;` or `:` inside a
 * string, a url() or a comment), which is then left whole.
 */
function declarationsOf(style: string): [string, string][] | undefined {
  if (/["'(\\]|\/\*/.test(style)) return undefined;
  const declarations: [string, string][] = [];
  for (const part of style.split(';')) {
    if (part.trim() === '') continue;
    const colon = part.indexOf(':');
    if (colon < 0) return undefined;
    const name = part.slice(0, colon).trim().toLowerCase();
    const value = part.slice(colon + 1).trim().toLowerCase();
    if (name === '' || value === '' || value.endsWith('!important')) return undefined;
    declarations.push([name, value]);
  }
  return declarations;
}
