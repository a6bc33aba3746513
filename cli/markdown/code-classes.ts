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
    const classes: string[] = [];
    for (const declaration of style.split(';')) {
      const colon = declaration.indexOf(':');
      if (colon === -1) continue;
      const cls = declarationClass(declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim());
      if (cls !== undefined) classes.push(cls);
    }
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

/** The rules for every `shk-` class used in the given HTML, sorted; empty when there is none. */
export function codeStylesheet(htmls: Iterable<string>): string {
  const used = new Set<string>();
  for (const html of htmls) for (const cls of codeClassesOf(html)) used.add(cls);
  return codeStylesheetFor(used);
}

/** The highlighting classes one page's HTML uses, sorted (kept with the page's summary). */
export function codeClassesOf(html: string): string[] {
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
  const value = colour ? `#${token}` : token.replace(/_/g, ' ');
  return `.${cls}{--shiki-${theme}${property ? `-${property}` : ''}:${value}}`;
}
