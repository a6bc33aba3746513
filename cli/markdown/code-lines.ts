import type { Element, ElementContent } from 'hast';
import type { FenceOptions } from './fence-info';

/**
 * Highlighted lines and line numbers, with classes only (the CSP allows no
 * inline styles): each highlighted line's `<span class="line">` gets
 * `highlighted`, and a numbered block's `<pre>` gets `line-numbers` (the
 * viewer counts lines in CSS). A plain block is split into line spans first,
 * only when it needs them, so other blocks keep their markup.
 */
export function markCodeLines(pre: Element, options: FenceOptions | undefined, lineNumbers: boolean): Element {
  const highlight = new Set(options?.highlight ?? []);
  const numbered = options?.lineNumbers ?? lineNumbers;
  if (highlight.size === 0 && !numbered) return pre;
  const code = pre.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
  if (!code) return pre;
  if (!code.children.some(isLine)) code.children = splitLines(code.children);
  let line = 0;
  for (const child of code.children) {
    if (!isLine(child)) continue;
    line++;
    if (highlight.has(line)) addClass(child, 'highlighted');
  }
  if (numbered) addClass(pre, 'line-numbers');
  if (highlight.size > 0) addClass(pre, 'has-highlighted-lines');
  return pre;
}

function isLine(node: ElementContent): node is Element {
  return node.type === 'element' && node.tagName === 'span' && classesOf(node).includes('line');
}

/** A plain block's text as shiki lays out lines: `<span class="line">…</span>` joined by newlines. */
function splitLines(children: ElementContent[]): ElementContent[] {
  const text = children.map((c) => (c.type === 'text' ? c.value : '')).join('');
  const lines = text.replace(/\n$/, '').split('\n');
  return lines.flatMap((value, index): ElementContent[] => [
    ...(index > 0 ? [{ type: 'text', value: '\n' } as const] : []),
    { type: 'element', tagName: 'span', properties: { className: ['line'] }, children: value === '' ? [] : [{ type: 'text', value }] },
  ]);
}

function classesOf(element: Element): string[] {
  const value = element.properties.className ?? element.properties.class;
  return Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(/\s+/).filter(Boolean) : [];
}

/** Adds a class under whichever key the element uses (shiki writes `class`, hast builders `className`). */
function addClass(element: Element, name: string): void {
  const classes = classesOf(element);
  if (classes.includes(name)) return;
  if ('class' in element.properties) element.properties.class = [...classes, name].join(' ');
  else element.properties.className = [...classes, name];
}
