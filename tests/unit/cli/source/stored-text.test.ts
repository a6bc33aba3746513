import { describe, expect, it } from 'vitest';
import { cacheKey } from '../../../../cli/page/cache';
import type { PageContext } from '../../../../cli/page/types';
import { SourceChangedError, storedTextSource } from '../../../../cli/source/stored-text';
import { UsageError } from '../../../../cli/support/errors';
import { textFactsOf } from '../../../../cli/source/text-facts';
import { textHash } from '../../../../cli/support/hash';

const TEXT = '# Stored\r\n\nUses {{ $const.VERSION }}.\n';
const DECODED = '# Stored\n\nUses {{ $const.VERSION }}.\n';
const context: PageContext = { constants: { VERSION: '1' }, reportConstants: true, headerLevels: [2, 3], render: true, codeLanguages: [] };

describe('cli/source/stored-text', () => {
  const make = (read: () => Buffer = () => Buffer.from(TEXT)) =>
    storedTextSource({ relativePath: 'a.md', file: 'content/a.md', facts: textFactsOf(DECODED) }, read, textHash(DECODED));

  it('reads and decodes the page when the text is first read (once), as loadSources decodes a file', () => {
    let reads = 0;
    const { source } = make(() => (reads++, Buffer.from(TEXT)));
    expect(Object.getOwnPropertyDescriptor(source, 'text')?.get).toBeDefined();
    expect(reads).toBe(0);
    expect(source.text).toBe(DECODED);
    expect(source.text).toBe(DECODED);
    expect(reads).toBe(1);
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

  it('stops the build with a usage error, not a crash, when the page changed or went since its stat was taken', () => {
    const changed = make(() => Buffer.from('# Stored, edited\n')).source;
    expect(() => changed.text).toThrow(SourceChangedError);
    expect(() => changed.text).toThrow(/^content\/a\.md changed while docsbuild was building: run the build again/);
    const gone = make(() => {
      throw Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT' });
    }).source;
    expect(() => gone.text).toThrow(UsageError);
    expect(() => make(() => Buffer.from([0xff, 0xfe])).source.text).toThrow(SourceChangedError);
  });
});
