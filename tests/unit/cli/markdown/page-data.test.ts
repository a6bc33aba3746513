import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../helpers/render';

describe('cli/markdown/page-data', () => {
  it("fills in a page's own frontmatter and title, in text and inline code, as Vue does in a VuePress page", async () => {
    const { html, codes } = await renderMarkdown(
      "---\ntitle: Array refs\nbadges: [breaking]\nsince: 3\nbeta: false\n---\n\n# {{ $frontmatter.title }}\n\nSince {{ $page.frontmatter.since }}, beta: `{{$frontmatter.beta}}`. On {{ $page.title }}.\n",
    );
    expect(html).toContain('>Array refs</h1>');
    expect(html).toContain('<p>Since 3, beta: <code>false</code>. On Array refs.</p>');
    expect(codes).toEqual([]);
  });

  it("takes $page.title from the first heading when frontmatter has none", async () => {
    const { html } = await renderMarkdown('# Getting started\n\nYou are reading {{ $page.title }}.\n');
    expect(html).toContain('<p>You are reading Getting started.</p>');
  });

  it('leaves a missing key, a list and code blocks and v-pre as written, and warns about the first two', async () => {
    const { html, codes } = await renderMarkdown(
      '---\ntitle: T\nbadges: [breaking]\n---\n\n# T\n\nA {{ $frontmatter.nothing }} and {{ $frontmatter.badges }}.\n\n```md\n{{ $frontmatter.title }}\n```\n\n::: v-pre\n{{ $frontmatter.title }}\n:::\n',
    );
    expect(html).toContain('<p>A {{ $frontmatter.nothing }} and {{ $frontmatter.badges }}.</p>');
    expect(html.match(/\{\{ \$frontmatter\.title \}\}/g)).toHaveLength(2);
    expect(codes).toEqual(['markdown/unsupported-syntax@8', 'markdown/unsupported-syntax@8']);
  });
});
