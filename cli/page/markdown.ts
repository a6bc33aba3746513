import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { diagnostic } from '../diagnostics/diagnostic';
import { reportUnclosedComments } from '../markdown/unclosed-comment';
import { unbindStaticUrls } from '../markdown/bound-urls';
import { embedVideos } from '../markdown/video-embeds';
import { remarkGuardAutolinkLiterals, remarkWithoutAutolinkLiterals } from '../markdown/autolink-literals';
import { parseWithoutEmailLiterals, remarkWithoutEmailLiterals } from '../markdown/email-literals';
import { interpolate, interpolateConstants, type ConstantScope } from '../markdown/constants';
import { containersOfPage, DEFAULT_TITLES, groupContainers, vuepressTitles, type DeclaredContainer } from '../markdown/containers';
import { markDirectives } from '../markdown/directives';
import { expandImports } from '../markdown/imports';
import { readComponents } from '../markdown/components';
import { markAlerts } from '../markdown/alerts';
import { replaceEmojiShortcodes, replaceEmojiShortcuts } from '../markdown/emoji';
import { reportUnsupportedSyntax } from '../markdown/unsupported';
import { interpolatePageData } from '../markdown/page-data';
import { replaceTocMarkers } from '../markdown/toc';
import { readFenceInfo } from '../markdown/fence-info';
import { addHomeLayout } from '../markdown/home';
import { positionOf } from '../support/yaml';
import { yamlLineToFileLine } from './frontmatter';
import { append } from '../support/append';
import { cutDeepLines, firstTooDeep, MAX_NESTING, pruneBelow } from '../markdown/depth';
import { eachNode, eachNodeOf } from '../markdown/walk';
import { protectCodePipes, restoreCodePipes } from '../markdown/table-code-pipes';
import { blankColumnMarkers } from '../markdown/multicolumn';
import { sizeImages, takeImageSizes } from '../markdown/image-size';
import { reportExtraTableCells } from '../markdown/table-extra-cells';
import { DEFAULT_HTML_POLICY, type HtmlPolicy } from '../html/policy';
import { reportRemovedHtml } from '../html/removals';
import type { ValidPage } from './validate';
import { deepestFolderOf } from '../support/folders';
import { useLinearEditMap } from '../markdown/linear-edit-map';

// Before any page is parsed: long lists cost the square of their length otherwise.
useLinearEditMap();

/** A page's Markdown as a tree, positions in file lines, constants interpolated. */
export interface PageTree {
  page: ValidPage;
  tree: Root;
  /** Frontmatter title and description with constants interpolated. */
  title?: string;
  description?: string;
  diagnostics: Diagnostic[];
}

/**
 * Built once per run: the parser is reusable and holds no per-page state. Lines nested past any limit are cut first (depth.ts).
 * remark-gfm's bare-URL transform runs only on pages that may have one (markdown/autolink-literals.ts), and a page
 * is parsed without its bare e-mail construct first, again with it only when it may hold an address (markdown/email-literals.ts).
 */
export function createMarkdownParser() {
  const whole = unified().use(remarkParse).use(remarkGfm).use(remarkGuardAutolinkLiterals);
  const quick = unified().use(remarkParse).use(remarkGfm).use(remarkGuardAutolinkLiterals).use(remarkWithoutEmailLiterals);
  // Made the first time a VuePress tree's page asks for it.
  let vuepress: ((markdown: string) => Root) | undefined;
  const vuepressParser = () => {
    const processor = unified().use(remarkParse).use(remarkGfm).use(remarkWithoutAutolinkLiterals);
    return (markdown: string) => processor.parse(markdown);
  };
  return (markdown: string, dialect: MarkdownDialect = 'gfm'): Root => {
    const cut = cutDeepLines(markdown);
    if (dialect === 'vuepress') return (vuepress ??= vuepressParser())(cut);
    return parseWithoutEmailLiterals(cut, (text) => quick.parse(text), (text) => whole.parse(text));
  };
}

/** GitHub's Markdown, or VuePress 1's (markdown-it without `linkify`: bare URLs and addresses are not links). */
export type MarkdownDialect = 'gfm' | 'vuepress';
export type MarkdownParser = ReturnType<typeof createMarkdownParser>;

export interface MarkdownContext {
  parse: MarkdownParser;
  constants: ConstantScope;
  /** Code block languages that get highlighted (names and aliases, lower-case). */
  languages: ReadonlySet<string>;
  /** What raw HTML may keep; default: GitHub's rules, no iframes. */
  html?: HtmlPolicy;
  /** Container types the site declares (site.yaml `markdown.containers`). */
  containers?: readonly DeclaredContainer[];
  /** Where `@/` in includes and snippet imports points, from the project root; default the root. */
  importRoot?: string;
  /** The content folder from the project root: imports may reach into it even outside the root. */
  contentFolder?: string;
  /** The site's title: a home page's hero shows it when the page has no `title` or `heroText`. */
  siteTitle?: string;
  /** See PageContext.homeTaglines. */
  homeTaglines?: Readonly<Record<string, string>>;
  /** A VuePress tree: its Markdown is read as VuePress 1's markdown-it reads it where the two differ (table-code-pipes.ts). */
  vuepress?: boolean;
}

export function parseMarkdown(page: ValidPage, context: MarkdownContext): PageTree {
  const { file } = page.source;
  const parsed = parseWithinLimits(page, context.parse, context.vuepress === true);
  const tree = parsed.tree;
  shiftLines(tree, page.bodyLineOffset);

  const diagnostics = [...parsed.diagnostics, ...groupPageContainers(tree, page, context)];
  if (IMPORTS.test(page.body)) append(diagnostics, expandPageImports(tree, page, context));
  // What the cheap tests below look at: the page, and what it includes.
  const text = page.source.dependencies ? [page.body, ...Object.values(page.source.dependencies)].join('\n') : page.body;
  readFenceInfo(tree, text);
  append(diagnostics, readComponents(tree, text, file));
  unbindStaticUrls(tree, text);
  embedVideos(tree, text, context.html ?? DEFAULT_HTML_POLICY);
  if (text.includes('[!')) markAlerts(tree);
  interpolatePageData(tree, page.frontmatter, text);
  // Before the constants and emoji, which change the text these warnings point into (find-and-replace leaves what it splits without a position).
  append(diagnostics, reportUnsupportedSyntax(tree, text, file, context.vuepress));
  append(diagnostics, interpolateConstants(tree, context.constants, file));
  replaceEmojiShortcodes(tree, text);
  if (context.vuepress) replaceEmojiShortcuts(tree);
  replaceTocMarkers(tree);
  const { yaml } = page;
  const tagline = context.homeTaglines && taglineFor(page.source.relativePath, context.homeTaglines);
  addHomeLayout(tree, page.frontmatter, (key) => (yaml ? yamlLineToFileLine(positionOf(yaml, [key]).line) : 1), context.siteTitle, tagline);
  append(diagnostics, reportRemovedHtml(tree, file, context.html ?? DEFAULT_HTML_POLICY));
  append(diagnostics, reportUnknownLanguages(tree, file, context.languages));
  if (page.body.includes('|')) append(diagnostics, reportExtraTableCells(tree, file));
  if (text.includes('<!--')) append(diagnostics, reportUnclosedComments(tree, file));

  const frontmatterText = (value: string | undefined, key: string) =>
    value === undefined
      ? undefined
      : interpolate(value, context.constants, (name) => {
          if (context.constants.report) {
            diagnostics.push(
              diagnostic('constant/unknown', { file }, `Constant "${name}" in frontmatter "${key}" is not defined in site.yaml.`, undefined, name),
            );
          }
        });
  return {
    page,
    tree,
    title: frontmatterText(page.frontmatter.title, 'title'),
    description: frontmatterText(page.frontmatter.description, 'description'),
    diagnostics,
  };
}

/** The description of the deepest locale folder the page is in (the root's, '/', otherwise). */
function taglineFor(relativePath: string, taglines: Readonly<Record<string, string>>): string | undefined {
  const deepest = deepestFolderOf(`/${relativePath}`, Object.keys(taglines));
  return deepest === undefined ? undefined : taglines[deepest];
}

/**
 * A VuePress tree read from inside its content folder: include paths start
 * from the folder docsbuild runs in, never above it, and VuePress starts
 * them where `vuepress build` runs, most often the folder above.
 */
const RUN_FROM_ABOVE =
  'Include paths start from the folder docsbuild runs in, here the content folder; VuePress starts them where "vuepress build" runs, most often the folder above. Run docsbuild from there, with --content naming this folder.';

/** A page's containers (or those of a file it includes): paired and titled as VuePress does in a VuePress tree. */
function groupPageContainers(tree: Root, page: ValidPage, context: MarkdownContext): Diagnostic[] {
  const containers = containersOfPage(context.containers, page.source.relativePath);
  const titles = context.vuepress ? vuepressTitles(page.source.relativePath, containers) : DEFAULT_TITLES;
  return groupContainers(tree, page.source.file, containers, context.vuepress ? 'markdown-it' : 'nested', titles);
}

/**
 * A VuePress page's body as VuePress 1's markdown-it (and the plugins its
 * trees load) reads it where remark differs, each change in place so that
 * no position moves: markdown-it-multicolumn's marker lines blanked (one
 * warning a page), markdown-it-imsize's sizes taken off, pipes in a table's
 * code spans kept in the cell; `after` puts back on the tree what was taken.
 */
function asMarkdownItReads(page: ValidPage): { text: string; after: (tree: Root) => void; diagnostics: Diagnostic[] } {
  const columns = blankColumnMarkers(page.body);
  const sized = takeImageSizes(columns.text);
  const text = protectCodePipes(sized.text);
  const diagnostics = columns.firstLine === undefined ? [] : [
    diagnostic(
      'markdown/unsupported-syntax',
      { file: page.source.file, line: columns.firstLine + page.bodyLineOffset, column: 1 },
      'markdown-it-multicolumn\'s columns ("---:1" … ":--:" … ":---") are shown one after another: docsbuild lays out no columns.',
      'Nothing is lost; to silence this, remove the marker lines, or baseline the warning while VuePress still builds the site.',
      'multicolumn',
    ),
  ];
  const after = (tree: Root) => {
    if (text !== sized.text) restoreCodePipes(tree);
    sizeImages(tree, sized.sizes);
  };
  return { text, after, diagnostics };
}

/** The cheap test for includes and snippet imports (directives.ts reads them). */
const IMPORTS = /<<<|@include:|!!!include\(/;

/** Includes and snippets, from the files the load stage read for the page; the result cut at the nesting limit like the page. */
function expandPageImports(tree: Root, page: ValidPage, context: MarkdownContext): Diagnostic[] {
  const { file } = page.source;
  const diagnostics = expandImports(tree, {
    file,
    files: page.source.dependencies ?? {},
    importRoot: context.importRoot,
    contentFolder: context.contentFolder,
    missingHint: context.vuepress && context.contentFolder === '' ? RUN_FROM_ABOVE : undefined,
    parse: (markdown) => {
      let included: Root;
      try {
        included = context.parse(markDirectives(markdown), context.vuepress ? 'vuepress' : 'gfm');
      } catch (error) {
        if (!(error instanceof RangeError)) throw error;
        included = { type: 'root', children: [] };
      }
      // An included file's containers are the including page's: VuePress renders it as part of the page.
      return { tree: included, diagnostics: groupPageContainers(included, page, context) };
    },
  });
  if (firstTooDeep(tree)) pruneBelow(tree);
  return diagnostics;
}

/** gray-matter removed the frontmatter: move every position back to its line in the file. */
function shiftLines(tree: Root, offset: number): void {
  if (offset === 0) return;
  eachNode(tree, (node) => {
    if (!node.position) return;
    node.position.start.line += offset;
    node.position.end.line += offset;
  });
}

/**
 * Parses the body, refusing trees too deep for the recursive stages after
 * this one: micromark itself overflows the stack on some inputs (thousands of
 * nested `> -`), and below 2,000 levels our tree walkers would. Either way
 * the page gets a diagnostic, and a tree cut at the limit.
 */
function parseWithinLimits(page: ValidPage, parse: MarkdownParser, vuepress: boolean): { tree: Root; diagnostics: Diagnostic[] } {
  const { file } = page.source;
  const tooDeep = (line: number | undefined, column: number | undefined, message: string) =>
    diagnostic('markdown/too-deep', { file, line: (line ?? 1) + page.bodyLineOffset, column }, message);
  let tree: Root;
  const read = vuepress ? asMarkdownItReads(page) : { text: page.body, after: () => {}, diagnostics: [] };
  try {
    tree = parse(markDirectives(read.text), vuepress ? 'vuepress' : 'gfm');
    read.after(tree);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return {
      tree: { type: 'root', children: [] },
      diagnostics: [...read.diagnostics, tooDeep(1, 1, 'This page is nested too deeply to be parsed (lists or quotes thousands of levels deep), so its body is left out.')],
    };
  }
  const deep = firstTooDeep(tree);
  if (!deep) return { tree, diagnostics: read.diagnostics };
  pruneBelow(tree);
  return {
    tree,
    diagnostics: [
      ...read.diagnostics,
      tooDeep(
        deep.position?.start.line,
        deep.position?.start.column,
        `Lists, quotes or containers here are nested more than ${MAX_NESTING} levels deep; what is deeper is left out.`,
      ),
    ],
  };
}

function reportUnknownLanguages(tree: Root, file: string, languages: ReadonlySet<string>): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  eachNodeOf(tree, 'code', (node) => {
    if (!node.lang || languages.has(node.lang.toLowerCase())) return;
    diagnostics.push(
      diagnostic(
        'markdown/unknown-code-language',
        { file, line: node.position?.start.line, column: node.position?.start.column },
        `Code block language "${node.lang}" is not known; the block is shown without highlighting.`,
        undefined,
        node.lang,
      ),
    );
  });
  return diagnostics;
}
