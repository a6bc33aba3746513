import type { Code } from 'mdast';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { fenceLanguages, grammarOf } from '../../../../cli/markdown/fences';
import { pageTree } from '../../../helpers/pages';

/** The languages of the code blocks the parser finds in `text`: what the quick scan must find, at the least. */
function parsedLanguages(text: string): string[] {
  const found = new Set<string>();
  visit(pageTree(text).tree, 'code', (node: Code) => {
    if (node.lang) found.add(grammarOf(node.lang));
  });
  return [...found].sort();
}

describe('cli/markdown/fences fenceLanguages', () => {
  it('finds fences in list items, under bullets and in block quotes, as the parser does', () => {
    const text = [
      '# Fences everywhere',
      '',
      '1. Step:',
      '',
      '    ```python',
      '    print("hi")',
      '    ```',
      '',
      '- Bullet:',
      '',
      '  ```ruby',
      '  puts "hi"',
      '  ```',
      '',
      '> ```go',
      '> fmt.Println("hi")',
      '> ```',
      '',
      '- > ~~~rust',
      '  > let x = 1;',
      '  > ~~~',
      '',
      '10) ```sql',
      '    select 1;',
      '    ```',
      '',
      '```js',
      'top();',
      '```',
      '',
    ].join('\n');
    expect(parsedLanguages(text)).toEqual(['go', 'js', 'python', 'ruby', 'rust', 'sql']);
    expect(fenceLanguages([text])).toEqual(parsedLanguages(text));
  });

  it('a fence-like line the parser reads as text only loads a grammar more', () => {
    const text = '# Indented code\n\n    ```toml\n    not a fence: an indented code block\n    ```\n';
    expect(parsedLanguages(text)).toEqual([]);
    expect(fenceLanguages([text])).toEqual(['toml']);
  });
});
