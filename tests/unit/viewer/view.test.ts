import { describe, expect, it } from 'vitest';
import { MANIFEST_VERSION, type PageChunk } from '../../../schema/manifest';
import { SUPPORTED_VERSION } from '../../../viewer/version';
import { chunkOf, metaOf } from '../../../viewer/view';

describe('viewer/view', () => {
  it('metaOf drops the HTML and names the chunk; chunkOf puts the HTML back', () => {
    const chunk: PageChunk = { version: 1, key: 'k', path: '/a/', title: 'A', description: 'd', headers: [], html: '<p>a</p>', next: { path: '/b/', title: 'B' } };
    const meta = metaOf(chunk, 'assets/pages/a.1.json');
    expect(meta).not.toHaveProperty('html');
    expect(meta.chunk).toBe('assets/pages/a.1.json');
    expect(chunkOf(meta, chunk.html)).toEqual(chunk);
  });

  it('reads the version the pipeline writes', () => {
    expect(SUPPORTED_VERSION).toBe(MANIFEST_VERSION);
  });
});
