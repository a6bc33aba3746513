import type { Root } from 'mdast';
import { describe, expect, it } from 'vitest';
import { cutDeepLines, firstTooDeep, pruneBelow } from '../../../../cli/markdown/depth';

/** A root with `levels` nested blockquotes around a paragraph. */
function nested(levels: number): Root {
  let node: Root['children'][number] = { type: 'paragraph', children: [{ type: 'text', value: 'x' }] };
  for (let i = 0; i < levels; i++) node = { type: 'blockquote', children: [node], position: { start: { line: i + 1, column: 1 }, end: { line: i + 1, column: 2 } } };
  return { type: 'root', children: [node] };
}

describe('cli/markdown/depth', () => {
  it('finds the first node below the limit, without recursing (100,000 levels)', () => {
    expect(firstTooDeep(nested(10), 20)).toBeUndefined();
    const deep = nested(100_000);
    expect(firstTooDeep(deep, 200)?.position?.start.line).toBe(100_000 - 200);
  });

  it('cuts everything below the limit, so the tree is then shallow enough', () => {
    const tree = nested(5_000);
    pruneBelow(tree, 50);
    expect(firstTooDeep(tree, 50)).toBeUndefined();
    expect(firstTooDeep(tree, 49)).toBeDefined();
  });

  it('cuts a line where its containers go past the limit, keeping line numbers and what stays in place', () => {
    const text = `# Deep\n\n${'> - '.repeat(2_000)}deep\nafter\n`;
    const cut = cutDeepLines(text, 10);
    // Ten levels: "> - > - > - " is 3 quotes and 3 lists (9 levels), and the next quote is the 10th; the list after it the 11th.
    expect(cut).toBe(`# Deep\n\n${'> - '.repeat(3)}> \nafter\n`);
    expect(cutDeepLines('- '.repeat(300), 10)).toBe('- '.repeat(5));
    expect(cutDeepLines(`a\n${'1. '.repeat(20)}b\n${'> '.repeat(20)}c`, 10)).toBe(`a\n${'1. '.repeat(5)}\n${'> '.repeat(10)}`);
  });

  it('leaves ordinary Markdown and shallow nesting alone', () => {
    const text = '# T\n\n- a\n  - b\n    > c\n\n1. x\n2) y\n* z\n+ w\n---\n- - -\n\n    code > > >\n';
    expect(cutDeepLines(text, 10)).toBe(text);
    const shallow = `${'> '.repeat(10)}ten\n`;
    expect(cutDeepLines(shallow, 10)).toBe(shallow);
  });
});
