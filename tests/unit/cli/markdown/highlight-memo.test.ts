import type { Element } from 'hast';
import { describe, expect, it } from 'vitest';
import type { Highlighter } from '../../../../cli/markdown/highlight';
import { rememberHighlights } from '../../../../cli/markdown/highlight-memo';

/** A highlighter that counts its calls and knows only `js`. */
function counting() {
  const calls: string[] = [];
  let disposed = false;
  const highlighter: Highlighter = {
    highlight(code, lang) {
      calls.push(`${lang}:${code}`);
      if (lang !== 'js') return undefined;
      return { type: 'element', tagName: 'pre', properties: { className: ['shiki'] }, children: [{ type: 'text', value: code }] };
    },
    dispose: () => (disposed = true),
  };
  return { highlighter, calls, disposed: () => disposed };
}

describe('cli/markdown/highlight-memo', () => {
  it('highlights a block once, and gives each caller its own copy to change', () => {
    const inner = counting();
    const memo = rememberHighlights(inner.highlighter, 4);
    const first = memo.highlight('let a;', 'js')!;
    first.properties.dataLang = 'js';
    (first.children as Element['children']).push({ type: 'text', value: 'added' });
    const second = memo.highlight('let a;', 'js')!;
    expect(inner.calls).toEqual(['js:let a;']);
    expect(second).toEqual({ type: 'element', tagName: 'pre', properties: { className: ['shiki'] }, children: [{ type: 'text', value: 'let a;' }] });
  });

  it('keys by language and code, and remembers an unknown language as unknown', () => {
    const inner = counting();
    const memo = rememberHighlights(inner.highlighter, 4);
    expect(memo.highlight('x', 'cobol')).toBeUndefined();
    expect(memo.highlight('x', 'cobol')).toBeUndefined();
    memo.highlight('x', 'js');
    expect(inner.calls).toEqual(['cobol:x', 'js:x']);
  });

  it('forgets the block used least recently once full, and frees the highlighter on dispose', () => {
    const inner = counting();
    const memo = rememberHighlights(inner.highlighter, 2);
    memo.highlight('a', 'js');
    memo.highlight('b', 'js');
    memo.highlight('a', 'js');
    memo.highlight('c', 'js');
    memo.highlight('a', 'js');
    memo.highlight('b', 'js');
    expect(inner.calls).toEqual(['js:a', 'js:b', 'js:c', 'js:b']);
    memo.dispose();
    expect(inner.disposed()).toBe(true);
  });
});
