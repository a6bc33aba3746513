import matter from 'gray-matter';
import jsYaml from 'js-yaml';
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic';
import { parseYaml, type YamlSource } from '../support/yaml';
import type { SourceFile } from '../source/load';

/** A page split into frontmatter data and Markdown body. */
export interface ParsedPage {
  source: SourceFile;
  /** The frontmatter as a plain object ({} when there is none). */
  data: Record<string, unknown>;
  /** The YAML with positions, to place diagnostics at a key's line. */
  yaml?: YamlSource;
  body: string;
  /** Lines before the body: a body line n is file line n + bodyLineOffset. */
  bodyLineOffset: number;
}

export interface FrontmatterResult {
  /**
   * The page, also when its frontmatter is broken (then with empty data), so
   * one bad key does not turn every link to the page into a second error.
   */
  page?: ParsedPage;
  diagnostics: Diagnostic[];
}

// gray-matter only splits the text here: every engine is replaced, so no
// frontmatter language (notably ---js, which gray-matter would eval) runs.
const noParse = { parse: () => ({}), stringify: () => '' };
const MATTER_OPTIONS = {
  engines: { yaml: noParse, js: noParse, javascript: noParse, json: noParse, coffee: noParse, cson: noParse, toml: noParse },
};

/**
 * gray-matter's \`matter\` text starts right after the opening "---", with the
 * rest of that line: YAML line 1 is file line 1, so lines map one to one.
 */
const YAML_FIRST_LINE = 1;

export function parseFrontmatter(source: SourceFile): FrontmatterResult {
  const { file } = source;
  if (source.text.trim() === '') {
    // The page with nothing in it comes along: a VuePress tree builds it (pipeline.ts), as VuePress does.
    return { page: { source, body: '', bodyLineOffset: 0, data: {} }, diagnostics: [diagnostic('file/empty', { file }, `${source.relativePath} has no content.`)] };
  }
  let split: matter.GrayMatterFile<string>;
  try {
    split = matter(source.text, MATTER_OPTIONS);
  } catch (error) {
    return {
      diagnostics: [diagnostic('frontmatter/yaml-syntax', { file }, `Frontmatter could not be read: ${(error as Error).message}`)],
    };
  }
  const bodyLineOffset = countNewlines(source.text, source.text.length - split.content.length);
  const base = { source, body: split.content, bodyLineOffset };
  const hasFrontmatter = bodyLineOffset > 0 && source.text.startsWith('---');
  if (!hasFrontmatter) return { page: { ...base, data: {} }, diagnostics: [] };

  const language = (split as { language?: string }).language ?? 'yaml';
  if (language !== 'yaml' && language !== '') {
    return {
      page: { ...base, data: {} },
      diagnostics: [
        diagnostic('frontmatter/unsupported-language', { file }, `Frontmatter in "${language}" is not supported; only YAML is.`),
      ],
    };
  }

  const { yaml, problems } = parseYaml(split.matter);
  const lenient = yaml ? undefined : readAsVuepress(split.matter);
  if (!yaml && lenient) {
    const first = problems[0]!;
    const at = { file, line: first.line + YAML_FIRST_LINE - 1, column: first.column };
    return {
      page: { ...base, data: lenient },
      diagnostics: [diagnostic('frontmatter/lenient-yaml', at, `Frontmatter is not valid YAML (${first.message}); it is read as VuePress's parser reads it.`)],
    };
  }
  if (!yaml) {
    return {
      page: { ...base, data: {} },
      diagnostics: problems.map((p) =>
        diagnostic('frontmatter/yaml-syntax', { file, line: p.line + YAML_FIRST_LINE - 1, column: p.column }, p.message),
      ),
    };
  }
  if (yaml.value === null || yaml.value === undefined) return { page: { ...base, data: {}, yaml }, diagnostics: [] };
  if (typeof yaml.value !== 'object' || Array.isArray(yaml.value)) {
    const kind = Array.isArray(yaml.value) ? 'a list' : `a ${typeof yaml.value}`;
    return {
      page: { ...base, data: {} },
      diagnostics: [
        diagnostic('frontmatter/not-an-object', { file, line: 2 }, `Frontmatter is ${kind}, not "key: value" pairs.`),
      ],
    };
  }
  return { page: { ...base, data: yaml.value as Record<string, unknown>, yaml }, diagnostics: [] };
}

/**
 * Frontmatter strict YAML refuses, as VuePress 1 read it (gray-matter's
 * js-yaml 3, which lets a quoted value's lines run on at its key's indent),
 * with YAML 1.2's core types as the strict parser has them (so a date stays
 * text). Undefined when that parser refuses it too, when it is no mapping,
 * or when it has anchors or aliases (js-yaml shares an aliased value where
 * the strict parser counts its expansion: no "YAML bomb" gets through).
 */
function readAsVuepress(text: string): Record<string, unknown> | undefined {
  if (/(?:^|[\s[{,:-])[&*][^\s]/m.test(text)) return undefined;
  try {
    // js-yaml 3 is CommonJS: its named exports exist only on the default import when Node loads it from ESM.
    const value = jsYaml.load(text, { schema: jsYaml.CORE_SCHEMA, json: false });
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Shifts a position inside the frontmatter YAML to a file position. */
export function yamlLineToFileLine(line: number): number {
  return line + YAML_FIRST_LINE - 1;
}

function countNewlines(text: string, end: number): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
