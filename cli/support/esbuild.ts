import { createRequire } from 'node:module';

/**
 * esbuild's version, from its package.json: the module itself (about 50 ms
 * to load) is imported only where something is bundled or compiled, not by
 * every run that keys a cache with its version.
 */
export const esbuildVersion: string = (createRequire(import.meta.url)('esbuild/package.json') as { version: string }).version;
