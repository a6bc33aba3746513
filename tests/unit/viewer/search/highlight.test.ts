import { describe, expect, it } from 'vitest';
import { highlight, segmentsFromTagged, snippetAround } from '../../../../viewer/search/highlight';

const marked = (segments: { text: string; mark: boolean }[]) => segments.map((s) => (s.mark ? `[${s.text}]` : s.text)).join('');

describe('viewer/search/highlight', () => {
  it('marks whole words whose search term matched, whatever their case or accents', () => {
    expect(marked(highlight('HTTP Payload size; payloads and PAYLOAD', new Set(['payload'])))).toBe('HTTP [Payload] size; payloads and [PAYLOAD]');
    expect(marked(highlight('Résumé the run', new Set(['resume'])))).toBe('[Résumé] the run');
  });

  it('returns the text unmarked when nothing matched', () => {
    expect(highlight('plain text', new Set(['zzz']))).toEqual([{ text: 'plain text', mark: false }]);
  });

  it('cuts a long text around the first match, at word boundaries, with ellipses', () => {
    const text = `${'filler '.repeat(40)}the payload limit is 512KB ${'tail '.repeat(40)}`.trim();
    const snippet = marked(snippetAround(text, new Set(['payload']), 80));
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet).toContain('[payload] limit is 512KB');
    expect(snippet.length).toBeLessThanOrEqual(80 + 4);
  });

  it('shows the start of the text when the match is not in it', () => {
    expect(marked(snippetAround(`${'word '.repeat(60)}`.trim(), new Set(['zzz']), 40))).toMatch(/^word word .*…$/);
  });

  it('reads DocSearch highlights from their tags, never as HTML', () => {
    expect(segmentsFromTagged('<b>x</b> __m__pay__/m__load', '__m__', '__/m__')).toEqual([
      { text: '<b>x</b> ', mark: false },
      { text: 'pay', mark: true },
      { text: 'load', mark: false },
    ]);
  });
});
