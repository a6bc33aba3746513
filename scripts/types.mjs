// Writes the published types into build/types/: the declarations of the
// library API (cli/index.ts) and of every module its types refer to, and no
// others. Run by `prepack`, after compile.mjs.
//
// tsc emits a declaration for every file of the program (cli/index.ts reaches
// the viewer through the prerenderer: ~150 files); only the ~30 that the API's
// types reach are kept. Their relative imports are written with the ".js"
// extension Node's ESM resolution needs, so the types resolve under every
// `moduleResolution` a consumer may use (node16/nodenext as well as bundler).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const EMITTED = path.join(ROOT, 'build', '.types-emitted');
const OUT = path.join(ROOT, 'build', 'types');
const ENTRY = 'cli/index.d.ts';

rmSync(EMITTED, { recursive: true, force: true });
rmSync(OUT, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
// tsconfig.types.json: the program of cli/index.ts alone, declarations only, and
// noCheck (`npm test` type-checks the whole tree; this only writes declarations).
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.types.json', '--outDir', EMITTED], { cwd: ROOT, stdio: 'inherit' });

const SPECIFIER = /(\bfrom\s+|\bimport\s*\(\s*)(["'])(\.{1,2}\/[^"']*)\2/g;
const queue = [ENTRY];
const kept = new Set();
while (queue.length > 0) {
  const file = queue.pop();
  if (kept.has(file)) continue;
  kept.add(file);
  const text = readFileSync(path.join(EMITTED, file), 'utf8').replace(SPECIFIER, (_, before, quote, specifier) => {
    const target = path.posix.join(path.posix.dirname(file), specifier);
    const declaration = [`${target}.d.ts`, `${target}/index.d.ts`].find((candidate) => existsSync(path.join(EMITTED, candidate)));
    if (declaration === undefined) throw new Error(`${file}: no declaration for ${specifier}`);
    queue.push(declaration);
    const relative = path.posix.relative(path.posix.dirname(file), declaration.replace(/\.d\.ts$/, '.js'));
    return `${before}${quote}${relative.startsWith('.') ? relative : `./${relative}`}${quote}`;
  });
  mkdirSync(path.dirname(path.join(OUT, file)), { recursive: true });
  writeFileSync(path.join(OUT, file), text);
}
rmSync(EMITTED, { recursive: true, force: true });
process.stdout.write(`Wrote ${kept.size} declaration files into build/types/.\n`);
