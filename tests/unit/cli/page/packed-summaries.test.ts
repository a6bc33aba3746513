import { describe, expect, it } from 'vitest';
import { PackedSummaries } from '../../../../cli/page/packed-summaries';
import type { PageSummary } from '../../../../cli/page/types';

const summaryOf = (i: number): PageSummary => ({
  relativePath: `p${i}.md`,
  file: `content/p${i}.md`,
  diagnostics: [],
  page: {
    route: { regularPath: `/p${i}.html`, path: `/p${i}.html`, key: `v-${i}` },
    title: i % 2 ? `Page ${i}` : undefined,
    frontmatter: { title: `Page ${i}`, tags: ['a', i] },
    keyPositions: {},
    bodyStartLine: 1,
    headers: [{ level: 2, title: 'Über', slug: 'über' }],
    anchors: ['über'],
    links: [{ kind: 'link', url: './p0.md', line: 3, column: 1 }],
    constantsUsed: [],
    suppressions: [],
    rendered: { linkUrls: ['./p0.md'], parts: { search: { words: 3 } } },
  },
});

describe('cli/page/packed-summaries', () => {
  it('gives back every summary added, equal and with its index, in the order added, across packs and a part-filled last one', () => {
    const packed = new PackedSummaries(3);
    const order = [4, 0, 6, 1, 5, 2, 3];
    for (const i of order) packed.add(i, summaryOf(i));
    const taken = [...packed.take()];
    expect(taken.map(([i]) => i)).toEqual(order);
    for (const [i, summary] of taken) expect(summary).toStrictEqual(summaryOf(i));
    // Each pack is read once.
    expect([...packed.take()]).toEqual([]);
  });

  it('holds the summaries in fewer bytes than their JSON', () => {
    const packed = new PackedSummaries();
    let json = 0;
    for (let i = 0; i < 200; i++) {
      packed.add(i, summaryOf(i));
      json += JSON.stringify(summaryOf(i)).length;
    }
    const packs = (packed as unknown as { packs: Buffer[] }).packs;
    expect(packs.length).toBeGreaterThan(0);
    expect(packs.reduce((sum, pack) => sum + pack.length, 0)).toBeLessThan(json / 4);
  });
});
