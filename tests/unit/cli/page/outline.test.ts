import GithubSlugger from 'github-slugger';
import { describe, expect, it } from 'vitest';
import { annotateTree } from '../../../../cli/page/annotate';
import { extractOutline } from '../../../../cli/page/outline';
import { pageTree } from '../../../helpers/pages';

const outline = (markdown: string, headerLevels = [2, 3]) => extractOutline(pageTree(markdown), { headerLevels });

/** Expected slugs come from github-slugger itself, fed the same titles in order. */
const slugsOf = (titles: string[]) => {
  const slugger = new GithubSlugger();
  return titles.map((t) => slugger.slug(t));
};

describe('cli/page/outline', () => {
  it('takes ## and ### as headers and the first # as title', () => {
    const o = outline('# Title\n\n## One\n\n### Two\n\n#### Three\n');
    expect(o.firstHeading).toBe('Title');
    expect(o.headers).toEqual([
      { level: 2, title: 'One', slug: 'one' },
      { level: 3, title: 'Two', slug: 'two' },
    ]);
  });

  it("keeps the text between a Badge's tags in a VuePress slug, as markdown-it-anchor does, and leaves a text attribute's out (craftcms)", () => {
    const page = '# T\n\n## <badge vertical="baseline" type="verb">POST</badge> `entries/save-entry`\n\n## Front-end <Badge type="tip">Pro</Badge>\n\n## Foo <Badge text="beta"/>\n';
    const o = extractOutline(pageTree(page), { headerLevels: [2, 3], slugify: 'vuepress' });
    expect(o.headingIds).toEqual(['t', 'post-entries-save-entry', 'front-end-pro', 'foo']);
  });

  it('places a raw link after a component in the same HTML block at its own line (vee-validate: a <Badge/> in a list of links)', () => {
    const page = '# T\n\n<ul>\n  <li><a href="#one">one</a></li>\n  <li><a href="#two">two <Badge text="Inferred" type="tip"/></a></li>\n  <li><a href="#three">three</a></li>\n  <li><a href="#nope">nope</a></li>\n</ul>\n';
    expect(outline(page).links.map((link) => [link.url, link.line, link.column])).toEqual([
      ['#one', 4, 7],
      ['#two', 5, 7],
      ['#three', 6, 7],
      ['#nope', 7, 7],
    ]);
  });

  it("counts raw HTML's ids and names as anchors, not as headers (vuejs/docs' <span id=\"vmodel-ime-tip\">), comments left out", () => {
    const o = outline('## Forms\n\n<span id="vmodel-ime-tip"></span>\n\n<p>Text <a name=\'top\'></a> <b id=bare>b</b></p>\n\n<!-- <div id="commented"> -->\n');
    expect([...o.anchors].sort()).toEqual(['bare', 'forms', 'top', 'vmodel-ime-tip']);
    expect(o.headers.map((h) => h.slug)).toEqual(['forms']);
  });

  it('suffixes duplicate slugs, counting headings of every level', () => {
    const o = outline('# Setup\n\n## Setup\n\n#### Setup\n\n### Setup\n');
    const [, second, , fourth] = slugsOf(['Setup', 'Setup', 'Setup', 'Setup']);
    expect(o.headers.map((h) => h.slug)).toEqual([second, fourth]);
    expect(o.headers.map((h) => h.slug)).toEqual(['setup-1', 'setup-3']);
  });

  it('keeps the text of inline code and emphasis, the label of links, and drops HTML', () => {
    const o = outline('## Use `pd deploy` *now* with [the CLI](/cli/) <span>x</span>\n');
    expect(o.headers[0]?.title).toBe('Use pd deploy now with the CLI x');
    expect(o.headers[0]?.slug).toBe(slugsOf(['Use pd deploy now with the CLI x'])[0]);
  });

  it.each([
    ['non-ASCII text', 'Über Größe ✓'],
    ['a __proto__ heading', '`__proto__`'],
    ['a path', 'Disk Space in /tmp'],
  ])('slugs %s as github-slugger does', (_case, title) => {
    const text = title.replace(/`/g, '');
    expect(outline(`## ${title}\n`).headers[0]?.slug).toBe(slugsOf([text])[0]);
  });

  it('gives an empty heading the slug of "section" (github-slugger gives "", an id no link can reach)', () => {
    const o = outline('##\n\n## Next\n');
    expect(o.headers.map((h) => h.slug)).toEqual(slugsOf(['section', 'Next']));
  });

  it('gives every heading its slug as an id, in document order, records every slug as an anchor, and leaves the tree alone', () => {
    const tree = pageTree('# T\n\n## A b\n\n> ## A b\n');
    const before = structuredClone(tree.tree);
    const o = extractOutline(tree, { headerLevels: [2, 3] });
    expect([...o.anchors]).toEqual(['t', 'a-b', 'a-b-1']);
    expect(o.headingIds).toEqual(['t', 'a-b', 'a-b-1']);
    expect(tree.tree).toEqual(before);
    const annotated = annotateTree(tree.tree, o.headingIds, () => undefined);
    const heading = annotated.children.find((n) => n.type === 'heading' && n.depth === 2);
    expect(heading?.data?.hProperties?.id).toBe('a-b');
  });

  it('honours configured header levels', () => {
    expect(outline('## A\n\n### B\n\n#### C\n', [2]).headers.map((h) => h.title)).toEqual(['A']);
  });

  it('collects links and images with file positions, frontmatter included', () => {
    const o = outline('---\ntitle: T\n---\n\nSee [a](/a/) and ![i](./i.png).\n\n[ref]: ./b.md\n');
    expect(o.links).toEqual([
      { kind: 'link', url: '/a/', line: 5, column: 5 },
      { kind: 'image', url: './i.png', line: 5, column: 18 },
      { kind: 'link', url: './b.md', line: 7, column: 1 },
    ]);
  });
});

describe('cli/page/outline slug rules and aliases', () => {
  it('slugs with VuePress 1 rule when asked', () => {
    const o = extractOutline(pageTree('## palette.styl\n\n## palette.styl\n'), { headerLevels: [2, 3], slugify: 'vuepress' });
    expect(o.headingIds).toEqual(['palette-styl', 'palette-styl-2']);
    expect(o.aliases).toEqual({});
  });

  it('answers the other rule\'s slug with anchorAliases, and previous anchors from frontmatter', () => {
    const o = extractOutline(pageTree("## Org's ID\n\n## Plain\n"), {
      headerLevels: [2, 3],
      slugify: 'vuepress',
      anchorAliases: true,
      previousAnchors: { 'old-id': 'org-s-id', 'gone': 'no-such-heading' },
    });
    expect(o.headingIds).toEqual(['org-s-id', 'plain']);
    expect(o.aliases).toEqual({ 'org-s-id': ['orgs-id', 'old-id'] });
    expect([...o.anchors].sort()).toEqual(['old-id', 'org-s-id', 'orgs-id', 'plain']);
  });

  it('never lets an alias take another heading\'s own slug', () => {
    // "a.b" is "a-b" for VuePress and "ab" for GitHub, which is the second heading's own slug: "#ab" stays the second heading's.
    const o = extractOutline(pageTree('## a.b\n\n## ab\n'), { headerLevels: [2], slugify: 'vuepress', anchorAliases: true });
    expect(o.headingIds).toEqual(['a-b', 'ab']);
    expect(o.aliases).toEqual({ ab: ['ab-1'] });
  });

  it('gives aliases to headings named like an object\'s own keys (`__proto__`, `constructor`)', () => {
    const o = extractOutline(pageTree('## `__proto__`\n\n## constructor.x\n'), { headerLevels: [2], anchorAliases: true });
    expect(o.headingIds).toEqual(['__proto__', 'constructorx']);
    expect(Object.entries(o.aliases)).toEqual([['__proto__', ['proto']], ['constructorx', ['constructor-x']]]);
  });
});

describe('cli/page/outline VuePress header titles', () => {
  it('takes an ATX heading\'s text from its source line, cleaned as VuePress 1 cleans it', () => {
    // VuePress 1 (@vuepress/shared-utils parseHeaders) keeps "\[" and drops the backticks and the trailing #s.
    const o = extractOutline(pageTree('## createApp(\\[options]): `App` ##\n\nSetext\n------\n'), { headerLevels: [2], vuepressTitles: true });
    expect(o.headers.map((h) => h.title)).toEqual(['createApp(\\[options]): App', 'Setext']);
    expect(extractOutline(pageTree('## createApp(\\[options])\n'), { headerLevels: [2] }).headers[0]!.title).toBe('createApp([options])');
  });
});

describe('cli/page/outline emoji and headings with nothing to slug', () => {
  const vuepress = (markdown: string) => extractOutline(pageTree(markdown), { headerLevels: [2, 3], slugify: 'vuepress', vuepressTitles: true });

  it('gives emoji shortcodes as emoji in titles, left out of VuePress slugs', () => {
    const o = vuepress('## Emoji :tada:\n\n## :tada:\n\n## :tada:\n\n### Ship it 🚀\n');
    // What VuePress 1.9.10's extractHeaders returned for this page (markdown-it-anchor slugs the text tokens only; the first
    // empty slug falls back to slugify(the source), later ones are "-2", "-3"…), except that its HTML id for 'tada' is "".
    expect(o.headers).toEqual([
      { level: 2, title: 'Emoji 🎉', slug: 'emoji' },
      { level: 2, title: '🎉', slug: 'tada' },
      { level: 2, title: '🎉', slug: '-2' },
      { level: 3, title: 'Ship it 🚀', slug: 'ship-it-🚀' },
    ]);
    expect(o.headingIds).toEqual(['emoji', 'tada', '-2', 'ship-it-🚀']);
  });

  it('slugs the rendered text with github-slugger in github mode', () => {
    const o = outline('## Emoji :tada:\n\n## :tada:\n');
    expect(o.headers).toEqual([
      { level: 2, title: 'Emoji 🎉', slug: slugsOf(['Emoji 🎉'])[0] },
      { level: 2, title: '🎉', slug: 'section' },
    ]);
  });

  it('gives a heading with nothing to slug a stable non-empty id, numbered per rule', () => {
    expect(outline('## ?!\n\n##\n\n## Section\n').headingIds).toEqual(['section', 'section-1', 'section-2']);
    // VuePress 1.9.10: ids "", "-2" and header slugs "", "-2"; the first gets a name a link can reach.
    expect(vuepress('## ?!\n\n## ...\n').headingIds).toEqual(['section', '-2']);
  });
});
