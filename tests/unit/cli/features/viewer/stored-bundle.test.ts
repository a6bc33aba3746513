import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BundleOptions, ViewerBundle } from '../../../../../cli/features/viewer/bundle';
import { storedViewerBundle } from '../../../../../cli/features/viewer/stored-bundle';
import { FeatureStates } from '../../../../../cli/output/feature-states';

/** Stamps taken this long after the sources were written count them as settled (input-stamps.ts trusts nothing changed in the last two seconds). */
const LATER = BigInt(Date.now() + 60_000) * 1_000_000n;

describe('cli/features/viewer/stored-bundle', () => {
  let dir: string;
  let source: string;
  let made: BundleOptions[];
  /** A bundler that reads `source` (its one input) and counts its calls. */
  const make = async (options: BundleOptions): Promise<ViewerBundle> => {
    made.push(options);
    return { files: new Map([['assets/main.A.js', Buffer.from(`bundle ${made.length} for ${options.base}`)]]), script: 'assets/main.A.js', styles: [], preloads: [], inputs: [source] };
  };
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'docsbuild-stored-bundle-'));
    source = path.join(dir, 'main.tsx');
    writeFileSync(source, 'export {};\n');
    made = [];
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const states = (toolVersion = 'v1') => new FeatureStates(path.join(dir, 'cache'), toolVersion);

  it('takes the last build\'s bundle while its sources are unchanged, with the same files', async () => {
    const first = await storedViewerBundle(states(), { base: '/docs/' }, { make, since: LATER });
    const second = await storedViewerBundle(states(), { base: '/docs/' }, { make, since: LATER });
    expect(made).toHaveLength(1);
    expect({ ...second, files: [...second.files] }).toEqual({ ...first, files: [...first.files] });
  });

  it('bundles again when a source changed, for another base, or for another tool version', async () => {
    await storedViewerBundle(states(), { base: '/docs/' }, { make, since: LATER });
    writeFileSync(source, 'export const changed = 1;\n');
    const edited = await storedViewerBundle(states(), { base: '/docs/' }, { make, since: LATER });
    expect(made).toHaveLength(2);
    expect(Buffer.from(edited.files.get('assets/main.A.js')!).toString()).toBe('bundle 2 for /docs/');
    await storedViewerBundle(states(), { base: '/handbook/' }, { make, since: LATER });
    expect(made.map((options) => options.base)).toEqual(['/docs/', '/docs/', '/handbook/']);
    await storedViewerBundle(states('v2'), { base: '/handbook/' }, { make, since: LATER });
    expect(made).toHaveLength(4);
  });

  it('does not trust a bundle whose sources changed just before it was made (the stamp is unsettled)', async () => {
    await storedViewerBundle(states(), { base: '/docs/' }, { make });
    await storedViewerBundle(states(), { base: '/docs/' }, { make });
    expect(made).toHaveLength(2);
  });

  it('without a cache, bundles every time', async () => {
    await storedViewerBundle(undefined, { base: '/docs/' }, { make });
    await storedViewerBundle(undefined, { base: '/docs/' }, { make });
    expect(made).toHaveLength(2);
  });
});
