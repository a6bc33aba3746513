import type { Nodes, Root } from 'mdast';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { createMarkdownParser } from '../../../../cli/page/markdown';
import { EXIT, SKIP, eachNode, eachNodeOf } from '../../../../cli/markdown/walk';

const parse = createMarkdownParser();
const tree: Root = parse('# Title\n\nSome *words* and [a link](x.md).\n\n- one `code`\n- two\n\n```js\nlet a;\n```\n\n> quoted **text**\n');
const label = (node: Nodes) => node.type + ('value' in node ? `:${node.value}` : '');

describe('eachNode', () => {
  it('visits every node in the order unist-util-visit does', () => {
    const ours: string[] = [];
    const theirs: string[] = [];
    eachNode(tree, (node) => void ours.push(label(node)));
    visit(tree, (node) => void theirs.push(label(node as Nodes)));
    expect(ours).toEqual(theirs);
    expect(ours[0]).toBe('root');
    expect(ours).toContain('inlineCode:code');
  });

  it('leaves out the children of a skipped node, and stops at EXIT', () => {
    const skipped: string[] = [];
    eachNode(tree, (node) => (skipped.push(node.type), node.type === 'list' ? SKIP : undefined));
    expect(skipped).toContain('list');
    expect(skipped).not.toContain('listItem');
    expect(skipped).toContain('blockquote');

    const stopped: string[] = [];
    eachNode(tree, (node) => (stopped.push(node.type), node.type === 'emphasis' ? EXIT : undefined));
    expect(stopped.at(-1)).toBe('emphasis');
    expect(stopped).not.toContain('link');
  });

  it('reads a node’s children after the function has seen it, as unist-util-visit does', () => {
    const copy = parse('a *b*\n');
    const seen: string[] = [];
    eachNode(copy, (node) => {
      seen.push(label(node));
      if (node.type === 'paragraph') node.children = [{ type: 'text', value: 'replaced' }];
    });
    expect(seen).toEqual(['root', 'paragraph', 'text:replaced']);
  });
});

describe('eachNodeOf', () => {
  it('gives the nodes of one type only', () => {
    const values: string[] = [];
    eachNodeOf(tree, 'code', (node) => void values.push(node.value));
    expect(values).toEqual(['let a;']);
  });
});
