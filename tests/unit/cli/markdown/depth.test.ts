import type { Root } from 'mdast';
import { describe, expect, it } from 'vitest';
import { firstTooDeep, pruneBelow } from '../../../../cli/markdown/depth';

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
});
