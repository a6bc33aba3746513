import { esbuildVersion } from '../../support/esbuild';
import type { FeatureStates } from '../../output/feature-states';
import { nowNs, sameStamps, stampPaths, type Stamps } from '../../source/input-stamps';
import { bundleInputFiles, bundleViewer, type BundleOptions, type ViewerBundle } from './bundle';

/** Where a CLI build keeps the viewer bundle it made (FeatureStates). */
export const STORED_BUNDLE = 'viewer-bundle';

/** The bundle as stored: what it was made with, its sources' stamps when it was made, and its files. */
interface StoredBundle {
  options: string;
  stamps: Stamps;
  bundle: Omit<ViewerBundle, 'files'> & { files: [name: string, bytes: Uint8Array][] };
}

export interface StoredBundleOptions {
  /** The bundler; bundleViewer by default (tests count its calls). */
  make?: (options: BundleOptions) => Promise<ViewerBundle>;
  /** For tests: when the sources count as read (a file changed within two seconds before is not trusted); now by default. */
  since?: bigint;
}

/**
 * The viewer bundle of a CLI build: the last build's, from the page cache's
 * folder, when it was made with the same options and esbuild and every
 * source file it read (esbuild's own list, the one the up-to-date check
 * stamps) has the stamp it had then; else bundled, and stored for the next.
 * The tool's own version is the state's (FeatureStates): another docsbuild
 * never takes it. Each CLI build ran esbuild twice (the entry and the search
 * panel) for the same bytes: about 0.3 s of a one-edit build at 10,000 pages,
 * and esbuild's process beside it.
 */
export async function storedViewerBundle(stored: FeatureStates | undefined, options: BundleOptions, { make = bundleViewer, since }: StoredBundleOptions = {}): Promise<ViewerBundle> {
  if (!stored) return make(options);
  // Taken before the sources are read: one changed while esbuild reads it is unsettled, and not trusted next time.
  const readFrom = since ?? nowNs();
  const made = JSON.stringify([esbuildVersion, options.base, options.entry ?? null]);
  const last = await stored.load<StoredBundle>(STORED_BUNDLE);
  if (last && last.options === made && isStamps(last.stamps) && sameStamps(last.stamps, stampPaths(Object.keys(last.stamps), readFrom))) {
    return { ...last.bundle, files: new Map(last.bundle.files) };
  }
  const bundle = await make(options);
  const stamps = stampPaths(bundleInputFiles(bundle), readFrom);
  await stored.save(STORED_BUNDLE, { options: made, stamps, bundle: { ...bundle, files: [...bundle.files] } } satisfies StoredBundle);
  return bundle;
}

function isStamps(value: unknown): value is Stamps {
  return typeof value === 'object' && value !== null && Object.keys(value).length > 0;
}
