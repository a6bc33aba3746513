import { describe, expect, it } from 'vitest';
import { referencedMedia } from '../../../../../cli/features/media/referenced';
import type { SiteModel } from '../../../../../cli/site/model';
import { resolveLink } from '../../../../../cli/site/links';
import { createSiteIndex, type IndexedPage } from '../../../../../cli/site/site-index';

const page = (path: string, relativePath: string): IndexedPage => ({ path, title: path, relativePath, file: `content/${relativePath}`, anchors: new Set() });

describe('cli/features/media/referenced', () => {
  const home = page('/', 'README.md');
  const guide = page('/guide/', 'guide/README.md');
  const assets = new Map([
    ['/images/flow.png', 'assets/media/flow.1111111111.png'],
    ['/guide/sheet one.pdf', 'assets/media/sheet one.2222222222.pdf'],
    ['/guide/data%.csv', 'assets/media/data%.3333333333.csv'],
  ]);
  // Every way of writing a link to a file, or to something else, that the resolver reads.
  const urls = [
    './images/flow.png', '/images/flow.png#top', '/docs/images/flow.png?v=2', 'images/./flow.png', '/images/flow.png/.', '/images/x/../flow.png',
    'sheet%20one.pdf', 'sheet one.pdf', '../guide/sheet%20one.pdf', 'data%.csv', '%2Fimages%2Fflow.png', '../images/flow.png/sub/..',
    '/guide/', '#intro', '', 'https://example.com/images/flow.png', 'missing.png', '../README.md', '.', '..',
  ];
  const model = (links: string[]) =>
    ({
      index: createSiteIndex('/docs/', [home, guide], new Map(), assets),
      pages: [home, guide].map((indexed) => ({ indexed, page: { links: links.map((url) => ({ kind: 'link', url, line: 1, column: 1 })), frontmatter: { hero: links[0] } } })),
      config: {},
    }) as unknown as SiteModel;

  it('finds the same files as resolving every link, without resolving the links that name none', () => {
    const site = model(urls);
    const everyLink = new Set<string>();
    for (const { page: p, indexed } of site.pages) {
      for (const url of [...p.links.map((l) => l.url), p.frontmatter.hero as string]) {
        const target = resolveLink(url, indexed, site.index);
        if (target.kind === 'asset') everyLink.add(target.href.slice('/docs/'.length).replace(/#.*$/, ''));
      }
    }
    expect(everyLink.size).toBe(3);
    expect(referencedMedia(site)).toEqual(everyLink);
  });

  it('finds none in a site without files', () => {
    const site = { ...model(urls), index: createSiteIndex('/docs/', [home, guide], new Map()) } as SiteModel;
    expect(referencedMedia(site).size).toBe(0);
  });
});
