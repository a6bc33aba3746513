import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** What `docsbuild.config.json` may set. Flags override it. */
const ToolConfigSchema = z.strictObject({
  /** Folder of Markdown pages and site.yaml. */
  content: z.string().min(1).optional(),
  /** Folder the build writes. */
  out: z.string().min(1).optional(),
});
export type ToolConfig = z.infer<typeof ToolConfigSchema>;

export interface ConfigFlags {
  content?: string;
  out?: string;
  /** Path of a config file, or false to ignore any. */
  config?: string | false;
}

/** Every path absolute, every default applied. */
export interface ResolvedConfig {
  root: string;
  contentDir: string;
  outDir: string;
}

export const DEFAULT_CONFIG_FILE = 'docsbuild.config.json';
export const DEFAULTS: Required<ToolConfig> = { content: 'content', out: 'dist' };

/** A usage problem (bad flag or config file): the CLI exits 2 on it. */
export class ConfigError extends Error {}

/** defaults < docsbuild.config.json < flags, validated once. */
export function resolveConfig(root: string, flags: ConfigFlags = {}): ResolvedConfig {
  const absoluteRoot = path.resolve(root);
  const fromFile = flags.config === false ? {} : readToolConfig(absoluteRoot, flags.config);
  const merged = { ...DEFAULTS, ...fromFile, ...definedOnly({ content: flags.content, out: flags.out }) };
  const contentDir = path.resolve(absoluteRoot, merged.content);
  const outDir = path.resolve(absoluteRoot, merged.out);
  if (outDir === contentDir || contentDir.startsWith(outDir + path.sep)) {
    throw new ConfigError(`The output folder ${merged.out} would overwrite the content folder ${merged.content}: choose another --out.`);
  }
  if (outDir === absoluteRoot || outDir === path.parse(outDir).root) {
    throw new ConfigError(`The output folder ${merged.out} is the project root or a drive root: choose a folder of its own, such as dist.`);
  }
  return { root: absoluteRoot, contentDir, outDir };
}

function readToolConfig(root: string, explicit: string | undefined): ToolConfig {
  const file = path.resolve(root, explicit ?? DEFAULT_CONFIG_FILE);
  if (!existsSync(file)) {
    if (explicit !== undefined) throw new ConfigError(`Config file ${explicit} does not exist.`);
    return {};
  }
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(`${path.relative(root, file)} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = ToolConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`${path.relative(root, file)}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  return parsed.data;
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
