// Compiles the CLI (and the bench runner) from TypeScript with esbuild: Node 20
// cannot run .ts files, and a bundle starts faster than many small modules.
import { build } from 'esbuild';

const shared = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
  legalComments: 'none',
};

await build({
  ...shared,
  entryPoints: { bin: 'cli/bin.ts', bench: 'tests/bench/bench.ts'},
  outdir: 'build',
  banner: { js: '#!/usr/bin/env node' },
});

// The write stage on its own, for the test that kills a writer mid-write.
await build({ ...shared, entryPoints: { 'write-for-tests': 'cli/stages/write.ts' }, outdir: 'build', outExtension: { '.js': '.mjs' } });
