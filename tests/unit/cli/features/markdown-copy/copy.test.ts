import type { Link } from 'mdast';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { extractOutline } from '../../../../../cli/page/outline';
import { fillMarkdownCopy, markdownCopy, prepareMarkdownCopy, type CopyTarget, type PreparedCopy } from '../../../../../cli/features/markdown-copy/copy';
import { markdownFileOf } from '../../../../../cli/output/layout';
import { pageTree } from '../../../../helpers/pages';
import { renderMarkdown } from '../../../../helpers/render';

describe('cli/features/markdown-copy/copy', () => {
  it('puts the copy beside the page HTML', () => {
    expect(markdownFileOf('/')).toBe('index.md');
    expect(markdownFileOf('/api/rest/')).toBe('api/rest/index.md');
    expect(markdownFileOf('/quickstart/create-new-workflow.html')).toBe('quickstart/create-new-workflow.md');
    expect(markdownFileOf('/permalink')).toBe('permalink/index.md');
  });

  it('drops frontmatter, adds the frontmatter title, interpolates constants outside code blocks only', () => {
    const text = [
      '---',
      'title: Limits',
      'description: The limits.',
      '---',
      '',
      'Memory is {{ $const.MEMORY }}, also in `{{ $const.MEMORY }}`.',
      '',
      '```yaml',
      'memory: {{ $const.MEMORY }}',
      '```',
      '',
      '    indented {{ $const.MEMORY }}',
      '',
    ].join('\n');
    const copy = markdownCopy(pageTree(text, { constants: { MEMORY: '256MB' } }), { title: 'Limits', constants: { MEMORY: '256MB' }, resolveLink: () => undefined });
    expect(copy).toBe(
      ['# Limits', '', 'Memory is 256MB, also in `256MB`.', '', '```yaml', 'memory: {{ $const.MEMORY }}', '```', '', '    indented {{ $const.MEMORY }}', ''].join('\n'),
    );
  });

  it('keeps a page that has its own # heading as it is', () => {
    expect(markdownCopy(pageTree('# Own title\n\nText.\n'), { title: 'Own title', constants: {}, resolveLink: () => undefined })).toBe('# Own title\n\nText.\n');
  });

  it('rewrites links, images and definitions to the URLs the resolver gives, and leaves the rest as written', () => {
    const text = [
      '# Links',
      '',
      'See [setup](/guide/setup/#install) and [the API](../api/README.md), [twice](/guide/setup/#install).',
      '',
      '![flow](./images/flow.png) and [external](https://example.com/) and [same page](#links).',
      '',
      'A [reference][ref] link, and `[not a link](/guide/)` in code.',
      '',
      '[ref]: /guide/',
      '',
    ].join('\n');
    const targets: Record<string, string> = {
      '/guide/setup/#install': 'https://x.dev/docs/guide/setup/#install',
      '../api/README.md': 'https://x.dev/docs/api/',
      './images/flow.png': 'https://x.dev/docs/assets/media/flow.0123456789.png',
      '/guide/': 'https://x.dev/docs/guide/',
    };
    const copy = markdownCopy(pageTree(text, { relativePath: 'guide/links.md' }), { title: 'Links', constants: {}, resolveLink: (url) => targets[url] });
    expect(copy).toBe(
      [
        '# Links',
        '',
        'See [setup](https://x.dev/docs/guide/setup/#install) and [the API](https://x.dev/docs/api/), [twice](https://x.dev/docs/guide/setup/#install).',
        '',
        '![flow](https://x.dev/docs/assets/media/flow.0123456789.png) and [external](https://example.com/) and [same page](#links).',
        '',
        'A [reference][ref] link, and `[not a link](/guide/)` in code.',
        '',
        '[ref]: https://x.dev/docs/guide/',
        '',
      ].join('\n'),
    );
  });

  it('takes the URLs as written from the outline when rendering has rewritten the tree in place', () => {
    const tree = pageTree('# T\n\nSee [setup](/guide/).\n');
    const links = extractOutline(tree, { headerLevels: [2, 3] }).links;
    visit(tree.tree, 'link', (node: Link) => {
      node.url = 'placeholder:0';
    });
    const copy = markdownCopy(tree, { title: 'T', constants: {}, links, resolveLink: (url) => (url === '/guide/' ? 'https://x.dev/docs/guide/' : undefined) });
    expect(copy).toBe('# T\n\nSee [setup](https://x.dev/docs/guide/).\n');
  });

  it('turns a link that leads nowhere into its text, an image into its alt text, and drops a definition', () => {
    const text = [
      '# Links',
      '',
      'See [the *old* guide](/gone/) and [setup](/guide/), [](/gone/) then [![logo](./missing.png)](/guide/).',
      '',
      'A [split',
      'label](/gone/) and ![a chart](<./gone.png> "Chart") here, bare https://example.com/ too.',
      '',
      '[ref]: /gone/',
      '',
    ].join('\n');
    const targets: Record<string, string | null> = { '/gone/': null, './missing.png': null, './gone.png': null, '/guide/': 'https://x.dev/docs/guide/' };
    const copy = markdownCopy(pageTree(text), { title: 'Links', constants: {}, resolveLink: (url) => targets[url] });
    expect(copy).toBe(
      [
        '# Links',
        '',
        'See the *old* guide and [setup](https://x.dev/docs/guide/),  then [logo](https://x.dev/docs/guide/).',
        '',
        'A split',
        'label and a chart here, bare https://example.com/ too.',
        '',
        '',
        '',
      ].join('\n'),
    );
  });
});

describe('cli/features/markdown-copy/copy: constants in code blocks', () => {
  it('fills constants in a block that opted in (```bash-const), drops the suffix, and keeps other blocks as written', () => {
    const tree = pageTree('# T\n\n```bash-const\ncurl {{ $const.API }}/x {{steps.trigger.event}}\n```\n\n```bash\ncurl {{ $const.API }}\n```\n', {
      constants: { API: 'https://api.example.com' },
    });
    const copy = markdownCopy(tree, { title: 'T', constants: { API: 'https://api.example.com' }, resolveLink: () => undefined });
    expect(copy).toContain('```bash\ncurl https://api.example.com/x {{steps.trigger.event}}\n```');
    expect(copy).toContain('```bash\ncurl {{ $const.API }}\n```');
    expect(copy).not.toContain('-const');
  });

  it('treats included text as the page\'s own: constants outside code and in opted-in blocks, its links resolved, other blocks and code spans as written', async () => {
    const part = [
      '---',
      'title: Shared part',
      '---',
      '',
      'Call {{ $const.API }}; see [the guide](../guide.md "Guide") and `[not a link](x.md)`.',
      '',
      '```bash-const [curl]',
      'curl {{ $const.API }}/me',
      '```',
      '',
      '```bash',
      'echo {{ $const.API }} [kept](y.md)',
      '```',
    ].join('\n');
    const constants = { API: 'https://api.example.com' };
    const { tree } = await renderMarkdown('# Page\n\nOwn {{ $const.API }}.\n\n<!--@include: ./parts/shared.md-->\n\n<<< ./parts/call.sh\n', {
      relativePath: 'api/README.md',
      constants,
      dependencies: { 'content/api/parts/shared.md': part, 'content/api/parts/call.sh': 'curl {{ $const.API }}\n' },
    });
    const resolved: string[] = [];
    const copy = markdownCopy(tree, {
      title: 'Page',
      constants,
      imports: {},
      resolveLink: (url) => (resolved.push(url), url === '../guide.md' ? '/guide.html' : undefined),
    });
    expect(resolved).toEqual(['../guide.md']);
    expect(copy).toBe(
      [
        '# Page',
        '',
        'Own https://api.example.com.',
        '',
        '',
        'Call https://api.example.com; see [the guide](/guide.html "Guide") and `[not a link](x.md)`.',
        '',
        '```bash [curl]',
        'curl https://api.example.com/me',
        '```',
        '',
        '```bash',
        'echo {{ $const.API }} [kept](y.md)',
        '```',
        '',
        '```bash',
        'curl {{ $const.API }}',
        '```',
        '',
      ].join('\n'),
    );
  });
});

describe('cli/features/markdown-copy fillMarkdownCopy', () => {
  /** The way links were put back before, one search and replace of the whole text per mark: the reference the one-pass fill must equal. */
  const MARK = { url: '\uE000', open: '\uE002', text: '\uE003', close: '\uE004', end: '\uE001' };
  const mark = (kind: keyof typeof MARK, n: number) => `${MARK[kind]}${n}${MARK.end}`;
  const byScans = (copy: PreparedCopy, resolve: (url: string) => CopyTarget): string => {
    let text = copy.text;
    copy.urls.forEach((url, n) => {
      const target = resolve(url);
      const [open, label, close] = [text.indexOf(mark('open', n)), text.indexOf(mark('text', n)), text.indexOf(mark('close', n))];
      if (target === null && open !== -1 && label > open && close > label) {
        const words = text.slice(open + mark('open', n).length, label).replace(/^!?\[/, '');
        text = `${text.slice(0, open)}${words}${text.slice(close + mark('close', n).length)}`;
        return;
      }
      for (const kind of ['open', 'text', 'close'] as const) text = text.replace(mark(kind, n), '');
      text = text.replace(mark('url', n), () => (typeof target === 'string' ? target : url));
    });
    return text;
  };

  it('puts every link back as the whole-text scans did, on every fixture page, nested images and dead links included, in one pass', () => {
    const pages = [
      '# T\n\nSee [the guide](./guide.md), [gone](./gone.md) and ![a chart](./chart.png).\n\n[![badge](./badge.svg)](./gone.md) [![ok](./ok.svg)](./guide.md)\n\n[ref]: ./gone.md\n\n[defined][ref] <https://example.com/>\n',
      ...Array.from({ length: 40 }, (_, i) => `# Page ${i}\n\n${Array.from({ length: 30 }, (__, j) => `| \`a${j}\` | [x${j}](${j % 3 === 0 ? './gone.md' : `#h${j}`}) | ![i](./i${j}.png) |`).join('\n')}\n`),
    ];
    for (const [i, markdown] of pages.entries()) {
      const tree = pageTree(markdown);
      const links: { kind: 'link' | 'image'; url: string; line: number; column: number }[] = [];
      visit(tree.tree, (node) => {
        if ((node.type === 'link' || node.type === 'image' || node.type === 'definition') && node.position) {
          links.push({ kind: node.type === 'image' ? 'image' : 'link', url: node.url, line: node.position.start.line, column: node.position.start.column });
        }
      });
      const copy = prepareMarkdownCopy(tree, { title: 'T', constants: {}, links });
      expect(copy.urls.length, `page ${i}`).toBeGreaterThan(0);
      const resolve = (url: string): CopyTarget => (url.includes('gone') ? null : url.startsWith('#') ? `https://example.com/p${url}` : url.endsWith('.png') ? undefined : `https://example.com/${url.slice(2)}`);
      expect(fillMarkdownCopy(copy, resolve), `page ${i}`).toBe(byScans(copy, resolve));
    }
  });
});
