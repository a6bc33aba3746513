/** The docsbuild library API. The CLI is a thin layer over these. */
export { build, type BuildOptions, type BuildResult } from './build';
export { resolveConfig, ConfigError, type ResolvedConfig, type ConfigFlags } from './config';
export { UsageError } from './support/errors';
export type { Diagnostic } from './diagnostics/diagnostic';
export { CATALOGUE, type DiagnosticCode, type Severity } from './diagnostics/catalogue';
export { formatText, formatJson, formatGithub, formatSummary, formatBaseline, type OutputFormat } from './diagnostics/format';
export { baselineOf, matchBaseline, serializeBaseline, type BaselineReport } from './diagnostics/baseline';
export type { Baseline, BaselineEntry } from '../schema/baseline';
export { writeOutput } from './output/folder';
export type { Manifest, PageRecord, PageChunk, SiteRecord, Redirects } from '../schema/manifest';
export type { SiteConfig, SiteConfigInput, Rules, RuleSeverity } from '../schema/site-config';

/** Typing help for a docsbuild.config.json written as code. */
export function defineConfig<T extends { content?: string; out?: string }>(config: T): T {
  return config;
}
