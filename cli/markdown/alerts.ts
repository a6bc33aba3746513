import type { Blockquote, Root } from 'mdast';
import { visit } from 'unist-util-visit';
import { DEFAULT_TITLES, type ContainerNode } from './containers';

const ALERT = /^\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\][ \t]*(?:\n|$)/i;

/**
 * GitHub's alerts (`> [!NOTE]` … `> [!CAUTION]`, as VitePress reads them
 * too) become containers of that kind: a quote whose first line is only the
 * marker. Any other quote stays a quote.
 */
export function markAlerts(tree: Root): void {
  visit(tree, 'blockquote', (node: Blockquote, index, parent) => {
    if (!parent || index === undefined) return;
    const first = node.children[0];
    const text = first?.type === 'paragraph' ? first.children[0] : undefined;
    if (text?.type !== 'text') return;
    const match = ALERT.exec(text.value);
    if (!match) return;
    const kind = match[1]!.toLowerCase();
    const paragraph = first as Extract<typeof first, { type: 'paragraph' }>;
    text.value = text.value.slice(match[0].length);
    if (text.value === '') paragraph.children.shift();
    const children = paragraph.children.length === 0 ? node.children.slice(1) : node.children;
    const container: ContainerNode = { type: 'container', kind, title: DEFAULT_TITLES[kind]!, children, position: node.position };
    parent.children[index] = container;
  });
}
