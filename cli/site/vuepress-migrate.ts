import { yamlPackage } from '../support/yaml';
import type { Diagnostic } from '../diagnostics/diagnostic';

/** Redirects found in `.vuepress/enhanceApp.js`: plain route literals carried over, the rest listed for the writer. */
export interface EnhanceAppRedirects {
  /** `{ path: '/old', redirect: '/new' }` with both as string literals: old path → new path. */
  redirects: Record<string, string>;
  /** Other redirects (computed, functions, aliases), by line, for the writer to carry over by hand. */
  others: { line: number; text: string }[];
}

/** A string literal value of `key` in an object's text: `path: '/old'`. */
const literalOf = (body: string, key: string) => new RegExp(String.raw`\b${key}\s*:\s*(['"\`])([^'"\`$\n]*)\1`).exec(body)?.[2];

/**
 * Reads enhanceApp.js as text, never running it: each route literal with a
 * string `path` and `redirect` becomes a redirect; any other mention of
 * `redirect` is listed with its line, since what it does is code.
 */
export function enhanceAppRedirects(text: string): EnhanceAppRedirects {
  const redirects: Record<string, string> = {};
  const carried = new Set<number>();
  // Innermost braces: a route object holds no object of its own.
  for (const match of text.matchAll(/\{[^{}]*\}/g)) {
    const from = literalOf(match[0], 'path');
    const to = literalOf(match[0], 'redirect');
    if (from === undefined || to === undefined) continue;
    redirects[from] = to;
    const first = lineAt(text, match.index);
    for (let line = first; line <= first + (match[0].match(/\n/g)?.length ?? 0); line++) carried.add(line);
  }
  const others: EnhanceAppRedirects['others'] = [];
  text.split('\n').forEach((line, at) => {
    if (/\bredirect\b/.test(line) && !carried.has(at + 1) && !/^\s*(\/\/|\*)/.test(line)) others.push({ line: at + 1, text: line.trim() });
  });
  return { redirects, others };
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/**
 * The site.yaml `docsbuild migrate` writes: the settings as YAML, after a
 * header that says where they came from and a comment for each thing that
 * could not be carried over (a VuePress setting, a redirect that is code).
 */
export function siteYamlOf(settings: Record<string, unknown>, configFile: string | undefined, notCarried: readonly string[], notes: readonly string[] = []): string {
  const header = [
    `# Written by docsbuild migrate from ${configFile ?? 'the VuePress defaults'}; edit this file from now on (docsbuild reads site.yaml first).`,
    ...notCarried.map((note) => `# Not carried over: ${oneLine(note)}`),
    ...notes.map((note) => `# Note: ${oneLine(note)}`),
  ];
  return `${header.join('\n')}\n${yamlPackage().stringify(settings, { lineWidth: 0 })}`;
}

/** Each line break, with the blanks around it, one space; by hand, as a regular expression rescans a long run of blanks from each of its blanks. */
function oneLine(text: string): string {
  const lines = text.split('\n');
  if (lines.length === 1) return text;
  const last = lines.length - 1;
  const kept = lines.map((line, at) => (at === 0 ? line.trimEnd() : at === last ? line.trimStart() : line.trim())).filter((line, at) => at === 0 || at === last || line !== '');
  return kept.join(' ');
}

/** What a migration report lists: the diagnostics about things docsbuild renders differently. */
export const RENDERED_DIFFERENTLY: readonly Diagnostic['code'][] = [
  'vuepress/unsupported',
  'html/removed',
  'markdown/unknown-container',
  'markdown/unknown-code-language',
];
