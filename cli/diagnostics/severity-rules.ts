import picomatch from 'picomatch';
import type { RuleEntry, Rules, RuleSeverity } from '../../schema/site-config';
import { canLower } from './catalogue';
import type { Diagnostic } from './diagnostic';

/** One entry of `rules:`, ready to match: which files it is for (all without `files:`), and a severity per code. */
interface CompiledRule {
  matches?: (contentPath: string) => boolean;
  severities: ReadonlyMap<string, RuleSeverity>;
}

/**
 * site.yaml's `rules:` applied: each diagnostic takes the severity the last
 * matching entry gives its code ("off" drops it); codes no entry names keep
 * the catalogue's. A code that cannot be lowered (schema/diagnostic-codes.ts)
 * stays an error whatever a rule says; the schema refuses such rules anyway.
 *
 * `contentPathOf` turns a diagnostic's file (relative to the project root)
 * into its path in the content folder, which `files:` globs are matched
 * against; undefined for a file outside it, which only rules without
 * `files:` reach.
 */
export function applyRules(list: readonly Diagnostic[], rules: Rules, contentPathOf: (file: string) => string | undefined): Diagnostic[] {
  const compiled = compileRules(rules);
  if (compiled.length === 0) return [...list];
  const out: Diagnostic[] = [];
  for (const d of list) {
    const severity = severityFor(d, compiled, contentPathOf);
    if (severity === undefined) out.push(d);
    else if (severity === 'error') out.push(d.severity === 'error' ? d : { ...d, severity: 'error' });
    else if (!canLower(d.code)) out.push(d);
    else if (severity === 'warning') out.push(d.severity === 'warning' ? d : { ...d, severity: 'warning' });
    // 'off': left out.
  }
  return out;
}

function severityFor(d: Diagnostic, rules: readonly CompiledRule[], contentPathOf: (file: string) => string | undefined): RuleSeverity | undefined {
  let severity: RuleSeverity | undefined;
  let contentPath: string | undefined | null = null;
  for (const rule of rules) {
    const wanted = rule.severities.get(d.code);
    if (wanted === undefined) continue;
    if (rule.matches) {
      if (contentPath === null) contentPath = contentPathOf(d.file);
      if (contentPath === undefined || !rule.matches(contentPath)) continue;
    }
    severity = wanted;
  }
  return severity;
}

function compileRules(rules: Rules): CompiledRule[] {
  const entries: RuleEntry[] = Array.isArray(rules) ? rules : [rules];
  return entries.map((entry) => {
    const { files, ...codes } = entry;
    const severities = new Map(Object.entries(codes as Record<string, RuleSeverity>));
    if (files === undefined) return { severities };
    const globs = typeof files === 'string' ? [files] : files;
    return { matches: picomatch(globs), severities };
  });
}
