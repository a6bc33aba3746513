import { createMarkdownParser, parseMarkdown, type PageTree } from '../../cli/page/markdown';
import { parseFrontmatter } from '../../cli/page/frontmatter';
import { validateFrontmatter } from '../../cli/page/validate';
import type { SourceFile } from '../../cli/source/load';
import type { ConstantScope } from '../../cli/markdown/constants';

export function sourceFile(relativePath: string, text: string): SourceFile {
  return { relativePath, file: `content/${relativePath}`, text };
}

const parse = createMarkdownParser();

/** Runs a page through frontmatter → validate → markdown, failing loudly if a stage rejects it. */
export function pageTree(
  text: string,
  options: { relativePath?: string; constants?: Record<string, string>; languages?: string[]; vuepress?: boolean } = {},
): PageTree & { scope: ConstantScope } {
  const parsed = parseFrontmatter(sourceFile(options.relativePath ?? 'page.md', text));
  if (!parsed.page) throw new Error(`frontmatter rejected: ${JSON.stringify(parsed.diagnostics)}`);
  const valid = validateFrontmatter(parsed.page);
  if (valid.diagnostics.length > 0) throw new Error(`validation rejected: ${JSON.stringify(valid.diagnostics)}`);
  const scope: ConstantScope = { values: options.constants ?? {}, used: new Set(), report: true };
  const tree = parseMarkdown(valid.page, { parse, constants: scope, languages: new Set(options.languages ?? ['js', 'bash', 'text']), vuepress: options.vuepress });
  return { ...tree, scope };
}
