import { describe, expect, it } from 'vitest';
import { statusText } from '../../../../viewer/search/panel';
import { snippetFromSections } from '../../../../viewer/search/snippet';

const sections = {
  sections: [
    { slug: '', heading: '', level: 1, text: 'Every limit in one place.' },
    { slug: 'memory', heading: 'Memory', level: 2, text: 'Workflows get 256MB of memory by default.' },
  ],
  description: 'The limits of workflows.',
};
const source = (slug: string) => ({ path: '/limits/', slug });
const marked = (segments: { text: string; mark: boolean }[]) => segments.map((s) => (s.mark ? `[${s.text}]` : s.text)).join('');

describe('viewer/search/snippet', () => {
  it('cuts a section hit\'s snippet from its section, marked', () => {
    expect(marked(snippetFromSections(source('memory'), sections, ['memory']))).toBe('Workflows get 256MB of [memory] by default.');
  });

  it('gives a page hit its description and the text before its first header', () => {
    expect(marked(snippetFromSections(source(''), sections, ['limits']))).toBe('The [limits] of workflows. Every limit in one place.');
  });
});

describe('viewer/search/panel statusText', () => {
  const base = { query: 'memory', engineReady: true, loadFailed: false, current: true, failed: false, hits: 3 };
  it('says what the results are, for the live region', () => {
    expect(statusText({ ...base, query: '  ' })).toBe('');
    expect(statusText(base)).toBe('3 results');
    expect(statusText({ ...base, hits: 1 })).toBe('1 result');
    expect(statusText({ ...base, hits: 0, query: ' zzq ' })).toBe('No results for “zzq”');
    expect(statusText({ ...base, engineReady: false })).toBe('Searching…');
    expect(statusText({ ...base, current: false })).toBe('Searching…');
    expect(statusText({ ...base, failed: true })).toBe('Search is not available right now.');
    expect(statusText({ ...base, loadFailed: true })).toMatch(/could not be loaded/);
  });
});
