import path from 'node:path';
import { isConfigRecord as isRecord } from '../source/vuepress-config';

/** What docsbuild makes of a VuePress config's `configureWebpack`. */
export interface VuepressAliases {
  /** `resolve.alias` entries that name a folder of the content, as site.yaml `aliases`. */
  aliases: Record<string, string>;
  /** Why some of it is not used (each a sentence's end), empty when all of it is. */
  unused: string[];
}

/**
 * Reads `configureWebpack.resolve.alias` (the config ran, so
 * `path.resolve(__dirname, '../assets')` is an absolute path): each alias
 * of a folder in the content folder becomes the site path of that folder.
 * An alias ending in `$` (an exact module match), one of a file or of a
 * folder outside the content folder (docsbuild publishes the content's
 * files only), and the rest of the webpack config are not used.
 */
export function readVuepressAliases(configureWebpack: unknown, contentDir: string | undefined): VuepressAliases {
  const result: VuepressAliases = { aliases: {}, unused: [] };
  if (!isRecord(configureWebpack)) {
    result.unused.push('it is code, and docsbuild does not use webpack');
    return result;
  }
  const { resolve, ...rest } = configureWebpack;
  const { alias, ...otherResolve } = isRecord(resolve) ? resolve : {};
  const others = [...Object.keys(rest), ...Object.keys(otherResolve).map((key) => `resolve.${key}`)];
  if (others.length > 0) result.unused.push(`docsbuild does not use webpack (${others.join(', ')})`);
  if (!isRecord(alias)) return result;
  const outside: string[] = [];
  for (const [name, target] of Object.entries(alias)) {
    const folder = typeof target === 'string' && contentDir !== undefined && path.isAbsolute(target) ? path.relative(contentDir, target) : undefined;
    if (folder === undefined || folder.startsWith('..') || path.isAbsolute(folder) || name.endsWith('$') || name.startsWith('~') || /\s/.test(name) || path.extname(folder) !== '') outside.push(name);
    else result.aliases[name] = folder === '' ? '/' : `/${folder.split(path.sep).join('/')}/`;
  }
  if (outside.length > 0) result.unused.push(`the alias(es) ${outside.map((name) => `"${name}"`).join(', ')} name no folder of the content folder, whose files are all docsbuild publishes`);
  return result;
}
