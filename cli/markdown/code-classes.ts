import type { Element, ElementContent } from 'hast';

/**
 * Shiki colours code with inline `style` attributes, which a strict
 * Content-Security-Policy (`style-src 'self'`) refuses. Each declaration
 * becomes a class whose name spells its value (`--shiki-dark:#B392F0` →
 * `shk-d-b392f0`), so the stylesheet can be rebuilt from the HTML alone and
 * nothing has to travel between pages, workers or the page cache.
 */
const THEMES = { light: 'l', dark: 'd' } as const;
const PROPERTIES = { '': '', bg: 'bg', 'font-style': 'fs', 'font-weight': 'fw', 'text-decoration': 'td' } as const;
const DECLARATION = /^--shiki-(light|dark)(?:-(bg|font-style|font-weight|text-decoration))?$/;
const COLOUR = /^#([0-9a-f]{3,8})$/i;
const KEYWORDS = /^[a-z-]+(?: [a-z-]+)*$/;
const CLASS = /^shk-([ld])(bg|fs|fw|td)?-([0-9a-f]{3,8}|[a-z_-]+)$/;

/** The class for one `--shiki-*` declaration; undefined for one this scheme cannot spell. */
export function declarationClass(name: string, value: string): string | undefined {
  const match = DECLARATION.exec(name);
  if (!match) return undefined;
  const theme = THEMES[match[1] as keyof typeof THEMES];
  const property = PROPERTIES[(match[2] ?? '') as keyof typeof PROPERTIES];
  const colour = COLOUR.exec(value);
  const token = colour ? colour[1]!.toLowerCase() : KEYWORDS.test(value) ? value.replace(/ /g, '_') : undefined;
  if (token === undefined || (colour === null && property === '') || (colour === null && property === 'bg')) return undefined;
  return `shk-${theme}${property}-${token}`;
}

/**
 * Replaces every `style` in a highlighted block by classes (in place);
 * declarations that cannot be spelled are dropped. Shiki names its
 * properties as HTML attributes (`class`, `style`, `tabindex`), so the classes
 * join whichever class property is there, keeping the attributes' order.
 */
export function styleToClasses(element: Element): Element {
  const style = element.properties.style;
  if (typeof style === 'string') {
    const classes = classesOfStyle(style);
    const key = 'class' in element.properties ? 'class' : 'className';
    const existing: unknown = element.properties[key];
    const list = Array.isArray(existing) ? existing.map(String) : typeof existing === 'string' ? existing.split(/\s+/).filter(Boolean) : [];
    const merged = [...list, ...classes];
    const properties: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(element.properties)) {
      if (name === key || (name === 'style' && existing === undefined)) {
        if (merged.length > 0) properties[key] = key === 'class' ? merged.join(' ') : merged;
      } else if (name !== 'style') {
        properties[name] = value;
      }
    }
    element.properties = properties as Element['properties'];
  }
  for (const child of element.children as ElementContent[]) if (child.type === 'element') styleToClasses(child);
  return element;
}

// A block's tokens share a few dozen styles: each is spelled once per thread.
const styleClasses = new Map<string, readonly string[]>();
const MAX_STYLES = 4096;

function classesOfStyle(style: string): readonly string[] {
  const known = styleClasses.get(style);
  if (known) return known;
  const classes: string[] = [];
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon === -1) continue;
    const cls = declarationClass(declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim());
    if (cls !== undefined) classes.push(cls);
  }
  if (styleClasses.size >= MAX_STYLES) styleClasses.clear();
  styleClasses.set(style, classes);
  return classes;
}

/** The rules for every `shk-` class used in the given HTML, sorted; empty when there is none. */
export function codeStylesheet(htmls: Iterable<string>): string {
  const used = new Set<string>();
  for (const html of htmls) for (const cls of codeClassesOf(html)) used.add(cls);
  return codeStylesheetFor(used);
}

/** The highlighting classes one page's HTML uses, sorted (kept with the page's summary). */
export function codeClassesOf(html: string): string[] {
  // Most pages have no highlighted code: one scan for the prefix instead of every class attribute.
  if (!html.includes('shk-')) return [];
  const used = new Set<string>();
  for (const attribute of html.matchAll(/class="([^"]*)"/g)) {
    for (const cls of attribute[1]!.split(' ')) if (cls.startsWith('shk-')) used.add(cls);
  }
  return [...used].sort();
}

/** The rules for a set of highlighting classes, in class order: the same classes, the same bytes. */
export function codeStylesheetFor(classes: Iterable<string>): string {
  const rules: string[] = [];
  for (const cls of [...new Set(classes)].sort()) {
    const rule = ruleOf(cls);
    if (rule) rules.push(rule);
  }
  return rules.length === 0 ? '' : `${rules.join('\n')}\n`;
}

function ruleOf(cls: string): string | undefined {
  const match = CLASS.exec(cls);
  if (!match) return undefined;
  const theme = match[1] === 'l' ? 'light' : 'dark';
  const property = Object.entries(PROPERTIES).find(([, short]) => short === (match[2] ?? ''))![0];
  const token = match[3]!;
  // Colours are hex digits only; font properties are keywords.
  const colour = property === '' || property === 'bg';
  if (colour !== /^[0-9a-f]{3,8}$/.test(token)) return undefined;
  const value = property === '' ? readableOn(`#${token}`, CODE_BACKGROUNDS[theme]) : colour ? `#${token}` : token.replace(/_/g, ' ');
  return `.${cls}{--shiki-${theme}${property ? `-${property}` : ''}:${value}}`;
}

/**
 * The code block backgrounds the colours are shown on: light, the viewer's
 * `--code-bg` (viewer/styles/base.css); dark, github-dark's own background
 * (each block carries it as `--shiki-dark-bg`).
 */
export const CODE_BACKGROUNDS = { light: '#f6f8fa', dark: '#24292e' } as const;
/** WCAG AA for normal text is 4.5:1; a little above it, so rounding never tips a colour under. */
export const CODE_CONTRAST = 4.6;

/**
 * A theme colour, darkened (on a light background) or lightened (on a dark
 * one) in 2% steps just until it reads at CODE_CONTRAST against `background`.
 * github-light's red and orange and github-dark's comments fall short of AA
 * as they are. Colours that already pass are returned as they are; alpha is kept.
 */
export function readableOn(colour: string, background: string): string {
  const fg = rgbOf(colour);
  const bg = rgbOf(background);
  if (!fg || !bg || contrastRatio(fg, bg) >= CODE_CONTRAST) return colour;
  const toward = luminance(bg) > 0.5 ? 0 : 255;
  let mixed = fg;
  for (let step = 1; step <= 50 && contrastRatio(mixed, bg) < CODE_CONTRAST; step++) {
    mixed = fg.map((c) => Math.round(c + ((toward - c) * step) / 50)) as [number, number, number];
  }
  const alpha = colour.length === 9 ? colour.slice(7) : colour.length === 5 ? colour.slice(4).repeat(2) : '';
  return `#${mixed.map((c) => c.toString(16).padStart(2, '0')).join('')}${alpha}`;
}

/** WCAG 2 contrast ratio of two sRGB colours. */
export function contrastRatio(a: readonly number[], b: readonly number[]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function luminance([r = 0, g = 0, b = 0]: readonly number[]): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function rgbOf(hex: string): [number, number, number] | undefined {
  const digits = hex.slice(1);
  const full = digits.length === 3 || digits.length === 4 ? [...digits.slice(0, 3)].map((d) => d + d).join('') : digits.slice(0, 6);
  if (!/^[0-9a-f]{6}$/i.test(full)) return undefined;
  return [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16)) as [number, number, number];
}
