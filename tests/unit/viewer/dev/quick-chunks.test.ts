import { describe, expect, it } from 'vitest';
import type { PageChunk } from '../../../../schema/manifest';
import { createChunkLoader } from '../../../../viewer/chunk-loader';
import { quickChunks } from '../../../../viewer/dev/quick-chunks';

const chunkOf = (html: string): PageChunk => ({ version: 1, key: 'v-1', path: '/page/', title: 'Page', description: '', headers: [], html });
const ORIGINAL = 'assets/pages/page.original.json';
const EDITED = 'assets/pages/page.edited.json';
const EDITED_AGAIN = 'assets/pages/page.again.json';

/** A loader holding the original chunk (as the boot data seeds it) that fails on any fetch. */
function seeded() {
  const loader = createChunkLoader({ base: '/', timeoutMs: 1000, fetch: () => Promise.reject(new Error('unexpected fetch')) });
  loader.seed(ORIGINAL, chunkOf('original'));
  return quickChunks(loader);
}
const htmlOf = async (quick: ReturnType<typeof quickChunks>, chunk: string) => (await quick.loader.load(chunk)).html;

describe('viewer/dev/quick-chunks', () => {
  it("gives a quick edit's chunk for the page's old chunk name until the route data of its update is in use", async () => {
    const quick = seeded();
    quick.loader.seed(EDITED, chunkOf('edited'));
    quick.standIn(ORIGINAL, EDITED, 3);
    expect(await htmlOf(quick, ORIGINAL)).toBe('edited');
    quick.routesOf(2);
    expect(await htmlOf(quick, ORIGINAL)).toBe('edited');
    // The build after the edit failed, say: its route data names the original chunk, which is the original text again.
    quick.routesOf(3);
    expect(await htmlOf(quick, ORIGINAL)).toBe('original');
    expect(await htmlOf(quick, EDITED)).toBe('edited');
  });

  it('keeps the later of two quick edits, and ends the stand-in when an edit returns the page to the chunk the route data names', async () => {
    const quick = seeded();
    quick.loader.seed(EDITED, chunkOf('edited'));
    quick.standIn(ORIGINAL, EDITED, 3);
    quick.loader.seed(EDITED_AGAIN, chunkOf('edited again'));
    quick.standIn(ORIGINAL, EDITED_AGAIN, 4);
    quick.routesOf(3);
    expect(await htmlOf(quick, ORIGINAL)).toBe('edited again');
    quick.standIn(ORIGINAL, ORIGINAL, 5);
    expect(await htmlOf(quick, ORIGINAL)).toBe('original');
  });
});
