import { FrontmatterSchema, KNOWN_FRONTMATTER_KEYS, VUEPRESS_THEME_KEY_NAMES, type Frontmatter } from '../../schema/frontmatter';
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic';
import { closest, didYouMean } from '../diagnostics/suggest';
import { positionOf } from '../support/yaml';
import { describeIssue } from '../support/zod-issues';
import type { ParsedPage } from './frontmatter';
import { yamlLineToFileLine } from './frontmatter';

/** VuePress default-theme keys accepted but never used: they name a theme's component or class. */
const UNUSED_THEME_KEYS = ['layout', 'pageClass'] as const;

export interface ValidPage extends ParsedPage {
  frontmatter: Frontmatter;
}

export interface ValidateResult {
  /** The page with every valid key; invalid ones are dropped (and reported). */
  page: ValidPage;
  diagnostics: Diagnostic[];
}

/** What a home page's feature item shows (VuePress's default theme). */
const FEATURE_KEYS: readonly string[] = ['title', 'details'];

/** Checks frontmatter against the schema; each zod issue becomes one diagnostic at its key's line. */
export interface ValidateOptions {
  /**
   * A VuePress tree: its pages' frontmatter is free (its themes and
   * components read any key, eslint-plugin-vue's 223 rule pages a `since:`),
   * so an unknown key is reported only when it looks like a typo of a known one.
   */
  vuepress?: boolean;
}

export function validateFrontmatter(page: ParsedPage, options: ValidateOptions = {}): ValidateResult {
  const { file } = page.source;
  const at = (path: readonly PropertyKey[], key?: string) => {
    if (!page.yaml) return { file };
    const pos = positionOf(page.yaml, path, { key });
    return { file, line: yamlLineToFileLine(pos.line), column: pos.column };
  };

  const diagnostics: Diagnostic[] = [];
  for (const key of Object.keys(page.data)) {
    if (KNOWN_FRONTMATTER_KEYS.includes(key)) continue;
    // A key the page reads itself (`{{ $frontmatter.since }}`) is its own data, not a typo.
    if (page.body.includes(`frontmatter.${key}`)) continue;
    if (options.vuepress && closest(key, KNOWN_FRONTMATTER_KEYS) === undefined) continue;
    diagnostics.push(
      diagnostic(
        'frontmatter/unknown-key',
        at([], key),
        `Unknown frontmatter key "${key}".`,
        didYouMean(key, KNOWN_FRONTMATTER_KEYS, `Known keys: ${KNOWN_FRONTMATTER_KEYS.join(', ')}.`),
        key,
      ),
    );
  }

  const features = page.data.features;
  if (Array.isArray(features)) {
    features.forEach((item: unknown, index) => {
      if (item === null || typeof item !== 'object' || Array.isArray(item)) return;
      for (const key of Object.keys(item)) {
        if (FEATURE_KEYS.includes(key)) continue;
        diagnostics.push(
          diagnostic('frontmatter/unknown-key', at(['features', index], key), `Unknown key "${key}" in features item ${index + 1}: a feature shows its title and details only.`, undefined, `features.${key}`),
        );
      }
    });
  }

  const unused = UNUSED_THEME_KEYS.filter((key) => Object.hasOwn(page.data, key));
  if (unused.length > 0) {
    const named = unused.map((key) => `"${key}"`).join(' and ');
    diagnostics.push(
      diagnostic('vuepress/unsupported', at([], unused[0]), `Frontmatter ${named} ${unused.length > 1 ? 'are' : 'is'} not used: docsbuild has one layout and does not run the theme's components or styles.`, undefined, unused.join(',')),
    );
  }

  const data = asVuepressReadsIt(page.data, options);
  const parsed = FrontmatterSchema.safeParse(data);
  if (parsed.success) return { page: { ...page, frontmatter: parsed.data }, diagnostics };

  for (const issue of parsed.error.issues) {
    const described = describeIssue(issue, page.data);
    // VuePress's default theme passes over a value it does not know (`sidebar: atuo` shows the usual sidebar): so does docsbuild, with a warning.
    if (options.vuepress && VUEPRESS_THEME_KEY_NAMES.has(String(issue.path[0]))) {
      const message = `Frontmatter ${described.replace(/\.$/, '')}: it is left out, as VuePress's default theme passes over it.`;
      diagnostics.push(diagnostic('vuepress/unsupported', at(issue.path), message, undefined, String(issue.path[0])));
    } else diagnostics.push(diagnostic('frontmatter/invalid', at(issue.path), described));
  }
  // Keep the page with the keys that are valid, so later stages still see it.
  const invalid = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  const kept = Object.fromEntries(Object.entries(data).filter(([key]) => !invalid.has(key)));
  const retry = FrontmatterSchema.safeParse(kept);
  return { page: { ...page, frontmatter: retry.success ? retry.data : {} }, diagnostics };
}

/**
 * A VuePress page's frontmatter as its default theme reads it: `home` is
 * tested for truth (`v-if="$page.frontmatter.home"`), so `home: "yes"` or
 * `home: 1` is a home page there, and is one here.
 */
function asVuepressReadsIt(data: Record<string, unknown>, options: ValidateOptions): Record<string, unknown> {
  if (!options.vuepress || !Object.hasOwn(data, 'home') || typeof data.home === 'boolean') return data;
  return { ...data, home: Boolean(data.home) };
}
