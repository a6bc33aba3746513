import { SiteConfigSchema, type RuleIssue, type SiteConfig } from '../../schema/site-config';
import { DIAGNOSTIC_CODES } from '../diagnostics/catalogue';
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic';
import { didYouMean } from '../diagnostics/suggest';
import { parseYaml, positionOf, type YamlSource } from '../support/yaml';
import { describeIssue } from '../support/zod-issues';
import type { SourceFile } from '../source/load';

export interface ParsedSiteConfig {
  config?: SiteConfig;
  /** Positions of the config's keys, for diagnostics of later stages (redirects, sidebar). */
  locate: (path: readonly PropertyKey[], key?: string) => { file: string; line?: number; column?: number };
  diagnostics: Diagnostic[];
  /**
   * The constants are a VuePress config's themeConfig values: theme settings
   * first, which a page may use as constants, so none is reported unused.
   */
  constantsAreThemeSettings?: true;
}

/** Parses and validates site.yaml; every problem is placed at the offending key's line. */
export function parseSiteConfig(source: SourceFile): ParsedSiteConfig {
  const { file } = source;
  const { yaml, problems } = parseYaml(source.text);
  if (!yaml) {
    return {
      locate: () => ({ file }),
      diagnostics: problems.map((p) => diagnostic('config/yaml-syntax', { file, line: p.line, column: p.column }, p.message)),
    };
  }
  return checkSiteConfig(yaml.value ?? {}, locator(file, yaml));
}

/** Validates site config data (site.yaml's, or what a VuePress config amounts to); each problem at its key's place. */
export function checkSiteConfig(value: unknown, locate: ParsedSiteConfig['locate']): ParsedSiteConfig {
  const parsed = SiteConfigSchema.safeParse(value);
  if (parsed.success) return { config: parsed.data, locate, diagnostics: [] };

  const diagnostics = parsed.error.issues.flatMap((issue): Diagnostic[] => {
    if (issue.code === 'unrecognized_keys') {
      const known = knownKeysAt(issue.path);
      return issue.keys.map((key) =>
        diagnostic(
          'config/unknown-key',
          locate(issue.path, key),
          `Unknown key "${[...issue.path, key].join('.')}".`,
          didYouMean(key, known, known.length > 0 ? `Known keys here: ${known.join(', ')}.` : 'Remove the key.'),
        ),
      );
    }
    const rule = issue.code === 'custom' ? (issue.params as RuleIssue | undefined) : undefined;
    return [diagnostic('config/invalid', locate(issue.path), describeIssue(issue, value), rule && ruleHint(rule))];
  });
  return { locate, diagnostics };
}

/** A rule naming an unknown code gets the closest code; one lowering a fixed code is told what it may say. */
function ruleHint(rule: RuleIssue): string {
  if (rule.rule === 'unknown-code') {
    return didYouMean(rule.code, DIAGNOSTIC_CODES, 'Use a code README.md#diagnostics lists.');
  }
  return `Remove the rule, or write "${rule.code}: error": README.md#codes-that-stay-errors lists the codes no rule can lower.`;
}

/**
 * Places in a site config whose parse was reused (site/stored-site-config.ts):
 * each says its line and column only when they are read, and the text is
 * parsed again (once) only then, to place a problem. The model asks for the
 * place of every redirect whether or not one has a problem.
 */
export function lazyLocator(source: SourceFile): ParsedSiteConfig['locate'] {
  let parsed: ParsedSiteConfig['locate'] | undefined;
  const located = () => (parsed ??= parseSiteConfig(source).locate);
  return (path, key) => {
    let place: { line?: number; column?: number } | undefined;
    const at = () => (place ??= located()(path, key));
    return {
      file: source.file,
      get line() {
        return at().line;
      },
      get column() {
        return at().column;
      },
    };
  };
}

function locator(file: string, yaml: YamlSource) {
  return (path: readonly PropertyKey[], key?: string) => ({ file, ...positionOf(yaml, path, { key }) });
}

/** The keys the schema accepts at a path (top level or one object deep), for "did you mean". */
function knownKeysAt(path: readonly PropertyKey[]): string[] {
  const shape = SiteConfigSchema.shape as Record<string, unknown>;
  if (path.length === 0) return Object.keys(shape);
  const first = String(path[0]);
  const inner = unwrap(shape[first]);
  return inner && typeof inner === 'object' && 'shape' in inner ? Object.keys((inner as { shape: object }).shape) : [];
}

function unwrap(schema: unknown): unknown {
  let current = schema as { def?: { innerType?: unknown } } | undefined;
  while (current?.def?.innerType) current = current.def.innerType as typeof current;
  return current;
}
