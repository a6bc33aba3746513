import { createHash } from 'node:crypto';
import path from 'node:path';
import { escapeRegExp } from '../../support/regexp';

/**
 * esbuild's `[hash]` hashes where the sources are as well as what they are:
 * the same viewer bundled in a checkout (`node_modules/minisearch`) and in a
 * project that installed docsbuild (`../minisearch` from the package) gets
 * other names for byte-identical files, so the same site built by the two
 * was not the same `dist/`. This renames a bundle's files by what they hold:
 * a file's new hash covers its own bytes and those of every bundle file it
 * reaches by name (a change in a lazy chunk renames the scripts that import
 * it), with bundle names inside those bytes taken without their hashes.
 */

/** esbuild's hash in a bundle file's name: 8 base32 characters between dots (`main.7B7VPI2U.js`, `main.7B7VPI2U.js.LEGAL.txt`). */
const TOKEN = /\.([A-Z2-7]{8})\./;
/** Files whose bytes are text that may name other bundle files (scripts, styles, licence lists). */
const TEXT = /\.(?:js|css|txt|map)$/;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** The bundle's files under names from their contents, each name inside them rewritten to match. */
export function nameByContent(files: ReadonlyMap<string, Uint8Array>): { files: Map<string, Uint8Array>; renamed: Map<string, string> } {
  // Files that share a token are one unit: a script and its .LEGAL.txt.
  const units = new Map<string, string[]>();
  for (const name of [...files.keys()].sort()) {
    const token = TOKEN.exec(path.posix.basename(name))?.[1];
    if (token) units.set(token, [...(units.get(token) ?? []), name]);
  }
  if (units.size === 0) return { files: new Map(files), renamed: new Map() };
  const tokenOf = new Map([...units].flatMap(([token, names]) => names.map((name) => [path.posix.basename(name), token] as const)));
  // Longest first: `main.X.js.LEGAL.txt` is not read as `main.X.js` followed by text.
  const named = new RegExp([...tokenOf.keys()].sort((a, b) => b.length - a.length || (a < b ? -1 : 1)).map(escapeRegExp).join('|'), 'g');

  const texts = new Map<string, string>();
  const textOf = (name: string) => {
    let text = texts.get(name);
    if (text === undefined) texts.set(name, (text = Buffer.from(files.get(name)!).toString('utf8')));
    return text;
  };
  // Per unit: the hash of its bytes with bundle names written without their hashes, and the units it names, in order.
  const own = new Map<string, { digest: string; names: string[] }>();
  for (const [token, members] of units) {
    const hash = createHash('sha256');
    const names: string[] = [];
    for (const member of members) {
      hash.update(`${path.posix.basename(member).replace(token, '')}\0`);
      if (!TEXT.test(member)) {
        hash.update(files.get(member)!);
        continue;
      }
      hash.update(
        textOf(member).replace(named, (found) => {
          const target = tokenOf.get(found)!;
          if (target !== token && !names.includes(target)) names.push(target);
          return found.replace(target, '');
        }),
      );
    }
    own.set(token, { digest: hash.digest('hex'), names });
  }

  const newToken = new Map<string, string>();
  for (const token of units.keys()) {
    const hash = createHash('sha256');
    for (const reached of reach(token, own)) hash.update(own.get(reached)!.digest);
    newToken.set(token, base32(hash.digest()));
  }
  const renamedBase = new Map([...tokenOf].map(([base, token]) => [base, base.replace(token, newToken.get(token)!)]));

  const result = new Map<string, Uint8Array>();
  const renamed = new Map<string, string>();
  for (const [name, bytes] of files) {
    const base = path.posix.basename(name);
    const target = renamedBase.has(base) ? path.posix.join(path.posix.dirname(name), renamedBase.get(base)!) : name;
    if (target !== name) renamed.set(name, target);
    result.set(target, TEXT.test(name) ? Buffer.from(textOf(name).replace(named, (found) => renamedBase.get(found)!), 'utf8') : bytes);
  }
  return { files: result, renamed };
}

/** The unit and every unit it reaches by name, each once, in the order first named. */
function reach(start: string, own: ReadonlyMap<string, { names: string[] }>): string[] {
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (token: string) => {
    if (seen.has(token)) return;
    seen.add(token);
    order.push(token);
    for (const next of own.get(token)!.names) visit(next);
  };
  visit(start);
  return order;
}

/** 8 base32 characters (40 bits), the form esbuild's names have and the cache policy's pattern (layout.ts HASH_SOURCE) expects. */
function base32(digest: Buffer): string {
  let bits = 0;
  for (let i = 0; i < 5; i++) bits = bits * 256 + digest[i]!;
  let out = '';
  for (let i = 7; i >= 0; i--) out += BASE32[Math.floor(bits / 32 ** i) % 32];
  return out;
}
