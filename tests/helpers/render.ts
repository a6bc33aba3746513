import { createCodeHighlighter, knownLanguageNames, type Highlighter } from '../../cli/markdown/highlight';
import type { MarkdownContext } from '../../cli/page/markdown';
import { parseMarkdown } from '../../cli/page/markdown';
import { extractOutline, type PageOutline } from '../../cli/page/outline';
import { renderPage } from '../../cli/page/render';
import { parseFrontmatter } from '../../cli/page/frontmatter';
import { validateFrontmatter } from '../../cli/page/validate';
import { createMarkdownParser, type PageTree } from '../../cli/page/markdown';
import { sourceFile } from './pages';

const parse = createMarkdownParser();
let tools: Promise<{ highlighter: Highlighter; languages: Set<string> }> | undefined;

export interface RenderOptions extends Partial<Omit<MarkdownContext, 'parse' | 'constants' | 'languages'>> {
  relativePath?: string;
  lineNumbers?: boolean;
  /** The files the load stage would have read for the page, by project-relative path. */
  dependencies?: Record<string, string | null>;
  /** Grammars to load besides js. */
  grammars?: string[];
  /** The site's constants (site.yaml `constants:`). */
  constants?: Record<string, string>;
}

/** A page through every per-page stage (markdown with all its diagnostics, outline, render), with every known language. */
export async function renderMarkdown(
  text: string,
  options: RenderOptions = {},
): Promise<{ html: string; tree: PageTree; outline: PageOutline; codes: string[] }> {
  tools ??= (async () => ({
    highlighter: await createCodeHighlighter(['js', 'ts', 'bash', 'console', 'vue', 'sh', 'json', ...(options.grammars ?? [])]),
    languages: await knownLanguageNames(),
  }))();
  const { highlighter, languages } = await tools;
  const parsed = parseFrontmatter({ ...sourceFile(options.relativePath ?? 'page.md', text), dependencies: options.dependencies });
  if (!parsed.page) throw new Error(`frontmatter rejected: ${JSON.stringify(parsed.diagnostics)}`);
  const valid = validateFrontmatter(parsed.page);
  const tree = parseMarkdown(valid.page, { ...options, parse, constants: { values: options.constants ?? {}, used: new Set(), report: true }, languages });
  const outline = extractOutline(tree, { headerLevels: [2, 3] });
  const { html } = renderPage(tree, outline, { highlighter, html: options.html, lineNumbers: options.lineNumbers });
  return { html, tree, outline, codes: tree.diagnostics.map((d) => `${d.code}@${d.line}`) };
}
