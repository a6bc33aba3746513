import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

interface PackageJson {
  name?: string;
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/**
 * `name@version` of every package the one at `packageDir` loads at run time:
 * its dependencies and theirs, found the way Node finds them (the nearest
 * `node_modules/<name>` up the folder tree), sorted. The compiled tool keeps
 * npm packages as imports, so an `npm update` of shiki or remark changes the
 * output while the tool's own files stay the same; the caches key on this.
 * A dependency that is not installed is listed as `name@missing`: a broken
 * install is the loader's to report, not this list's.
 */
export function installedPackages(packageDir: string): string[] {
  const found = new Map<string, string>();
  const manifests = new Map<string, PackageJson | undefined>();
  const read = (dir: string) => {
    if (!manifests.has(dir)) manifests.set(dir, readManifest(dir));
    return manifests.get(dir);
  };
  const visit = (dir: string) => {
    const manifest = read(dir);
    if (!manifest) return;
    const names = Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies, ...manifest.peerDependencies });
    for (const name of names) {
      const at = locate(dir, name, read);
      const key = at ?? `missing:${name}`;
      if (found.has(key)) continue;
      found.set(key, at ? `${name}@${read(at)?.version ?? 'unknown'}` : `${name}@missing`);
      if (at) visit(at);
    }
  };
  visit(packageDir);
  return [...new Set(found.values())].sort();
}

/** The nearest folder at or above `from` that holds a package.json: the package a file belongs to. */
export function packageDirOf(from: string): string | undefined {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    if (readManifest(dir)) return dir;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** Node's lookup: `<dir>/node_modules/<name>`, then the same in each parent folder. */
function locate(from: string, name: string, read: (dir: string) => PackageJson | undefined): string | undefined {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (path.basename(dir) !== 'node_modules') {
      const candidate = path.join(dir, 'node_modules', name);
      if (read(candidate)) return candidate;
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

function readManifest(dir: string): PackageJson | undefined {
  const file = path.join(dir, 'package.json');
  // Most folders looked at have none: a stat that returns undefined is far cheaper than a read that throws.
  if (!statSync(file, { throwIfNoEntry: false })?.isFile()) return undefined;
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return parsed !== null && typeof parsed === 'object' ? (parsed as PackageJson) : undefined;
  } catch {
    return undefined;
  }
}
