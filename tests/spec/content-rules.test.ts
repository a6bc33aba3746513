import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import matter from 'gray-matter';
import type { Code, Heading, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';

/**
 * Editorial rules of /work/shared/CONTENT-GUIDE.md that a build does not
 * check, run on the real site in content/: every title is unique (twins read
 * the same in search and tabs), and code blocks name a figure through its
 * constant (the `-const` fence opt-in) instead of typing its value.
 */
const CONTENT = path.resolve(__dirname, '../../content');
const CONSTANT = /\{\{\s*\$(?:const|site\.themeConfig)\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

interface SourcePage {
  file: string;
  title: string | undefined;
  code: { lang: string; value: string; line: number }[];
}

const parser = unified().use(remarkParse).use(remarkGfm);

export function readPage(file: string, text: string, constants: Record<string, string>): SourcePage {
  const { data, content } = matter(text);
  const fill = (s: string) => s.replace(CONSTANT, (m, name: string) => constants[name] ?? m);
  const offset = text.split('\n').length - content.split('\n').length;
  const tree = parser.parse(content) as Root;
  let heading: string | undefined;
  const code: SourcePage['code'] = [];
  visit(tree, (node) => {
    if (node.type === 'heading' && (node as Heading).depth === 1 && heading === undefined) heading = fill(toString(node));
    if (node.type === 'code') code.push({ lang: (node as Code).lang ?? '', value: (node as Code).value, line: (node.position?.start.line ?? 0) + offset });
  });
  const title = typeof data.title === 'string' ? fill(data.title) : heading;
  return { file, title: title?.trim(), code };
}

/** Constants whose value is distinctive enough to spot in code: not a bare number, not a two-letter version. */
export function distinctiveConstants(constants: Record<string, string>): [string, string][] {
  return Object.entries(constants).filter(([, value]) => value.length >= 3 && /[^\d.,\s]/.test(value));
}

/** `file:line NAME` for every code block that types a constant's value instead of writing the constant. */
export function typedFigures(pages: SourcePage[], constants: Record<string, string>): string[] {
  const found: string[] = [];
  for (const page of pages) {
    for (const block of page.code) {
      for (const [name, value] of distinctiveConstants(constants)) {
        if (block.value.includes(value)) found.push(`${page.file}:${block.line} ${name} (${value})`);
      }
    }
  }
  return found;
}

/** Titles two or more pages share, with the pages. */
export function sharedTitles(pages: SourcePage[]): Record<string, string[]> {
  const byTitle = new Map<string, string[]>();
  for (const page of pages) {
    if (page.title === undefined) continue;
    const key = page.title.toLowerCase();
    byTitle.set(key, [...(byTitle.get(key) ?? []), page.file]);
  }
  return Object.fromEntries([...byTitle].filter(([, files]) => files.length > 1));
}

const site = parseYaml(readFileSync(path.join(CONTENT, 'site.yaml'), 'utf8')) as { constants: Record<string, string | number> };
const constants = Object.fromEntries(Object.entries(site.constants).map(([k, v]) => [k, String(v)]));
const pages = fg
  .sync('**/*.md', { cwd: CONTENT })
  .sort()
  .map((relative) => readPage(`content/${relative}`, readFileSync(path.join(CONTENT, relative), 'utf8'), constants));

describe('content/: editorial rules', () => {
  it('reads every page', () => {
    expect(pages.length).toBeGreaterThan(100);
    expect(pages.filter((p) => !p.title).map((p) => p.file)).toEqual([]);
  });

  it('gives no two pages the same title', () => {
    expect(sharedTitles(pages)).toEqual({});
  });

  it('types no constant value into a code block (the API base URL at least): blocks use ```lang-const and {{ $const.NAME }}', () => {
    expect(distinctiveConstants(constants).map(([name]) => name)).toContain('API_BASE_URL');
    expect(typedFigures(pages, constants)).toEqual([]);
  });

  it('draws every diagram as an accessible SVG that has a dark palette, and gives every image alt text', () => {
    const svgs = fg.sync('**/*.svg', { cwd: CONTENT, ignore: ['public/**'] });
    expect(svgs.length).toBeGreaterThanOrEqual(6);
    for (const relative of svgs) {
      const svg = readFileSync(path.join(CONTENT, relative), 'utf8');
      expect(svg, relative).toMatch(/<svg[^>]*role="img"/);
      expect(svg, relative).toMatch(/<title[^>]*>[^<]{10,}<\/title>/);
      expect(svg, relative).toMatch(/<desc[^>]*>[^<]{40,}<\/desc>/);
      expect(svg, relative).toContain('@media (prefers-color-scheme: dark)');
      expect(svg, relative).not.toMatch(/<script|<foreignObject|href="(?:https?:|data:)/i);
    }
    const images = fg.sync('**/*.md', { cwd: CONTENT }).flatMap((relative) =>
      [...readFileSync(path.join(CONTENT, relative), 'utf8').matchAll(/!\[([^\]]*)\]\(([^)]+)\)/g)].map((m) => ({ relative, alt: m[1]!, src: m[2]! })),
    );
    expect(images.filter((i) => i.src.endsWith('.svg')).length).toBeGreaterThanOrEqual(6);
    expect(images.filter((i) => i.alt.trim().length < 40).map((i) => `${i.relative}: ${i.src}`)).toEqual([]);
  });

  it('the checks catch what they are for', () => {
    const sample = [
      readPage('a.md', '---\ntitle: Triggers\n---\n\n```bash\ncurl https://api.example.com/v1/users/me\n```\n', { API_BASE_URL: 'https://api.example.com/v1' }),
      readPage('b.md', '# Triggers\n\n```bash-const\ncurl {{ $const.API_BASE_URL }}/users/me\n```\n', { API_BASE_URL: 'https://api.example.com/v1' }),
      readPage('c.md', '# Up to {{ $const.LIMIT }}\n', { LIMIT: '6MB' }),
    ];
    expect(sharedTitles(sample)).toEqual({ triggers: ['a.md', 'b.md'] });
    expect(typedFigures(sample, { API_BASE_URL: 'https://api.example.com/v1', VERSION: 'v1', COUNT: '100' })).toEqual([
      'a.md:5 API_BASE_URL (https://api.example.com/v1)',
    ]);
    expect(sample[2]?.title).toBe('Up to 6MB');
  });
});
