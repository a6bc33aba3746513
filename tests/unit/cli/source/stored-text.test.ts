import { describe, expect, it } from 'vitest';
import { cacheKey } from '../../../../cli/page/cache';
import type { PageContext } from '../../../../cli/page/types';
import { storedTextSource } from '../../../../cli/source/stored-text';
import { textFactsOf } from '../../../../cli/source/text-facts';
import { textHash } from '../../../../cli/support/hash';

const TEXT = '# Stored\r\n\nUses {{ $const.VERSION }}.\n';
const DECODED = '# Stored\n\nUses {{ $const.VERSION }}.\n';
const context: PageContext = { constants: { VERSION: '1' }, reportConstants: true, headerLevels: [2, 3], render: true, codeLanguages: [] };

describe('cli/source/stored-text', () => {
  const make = () => storedTextSource({ relativePath: 'a.md', file: 'content/a.md', facts: textFactsOf(DECODED) }, Buffer.from(TEXT), textHash(DECODED));

  it('decodes the stored bytes when the text is first read, as loadSources decodes a file', () => {
    const { source } = make();
    expect(Object.getOwnPropertyDescriptor(source, 'text')?.get).toBeDefined();
    expect(source.text).toBe(DECODED);
    expect({ ...source }).toEqual({ relativePath: 'a.md', file: 'content/a.md', facts: textFactsOf(DECODED), text: DECODED });
    expect(structuredClone(source).text).toBe(DECODED);
  });

  it('its kept hash stands for the text only while the source\'s text is this one: the key is the one hashing the text makes', () => {
    const { source, known } = make();
    expect(known.isTextOf(source)).toBe(true);
    expect(cacheKey(source, context, 't', known.hash)).toBe(cacheKey({ ...source }, context, 't'));
    // A copy (readImports adds dependencies) has the same text once decoded.
    expect(known.isTextOf({ ...source, dependencies: {} })).toBe(true);
    // Other text, or a text set in its place (a page let go once summarised), is not the one the hash was kept for.
    expect(known.isTextOf({ ...source, text: `${DECODED}More.\n` })).toBe(false);
    source.text = '';
    expect(source.text).toBe('');
    expect(known.isTextOf(source)).toBe(false);
    const fresh = make();
    expect(fresh.known.isTextOf({ ...source, text: 'other' })).toBe(false);
  });
});
