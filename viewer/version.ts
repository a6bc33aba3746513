import type { Manifest } from '../schema/manifest';

/**
 * The pages.json / chunk version this viewer reads. Typed from the schema so a
 * version bump there fails the type check here, without pulling zod into the bundle.
 */
export const SUPPORTED_VERSION: Manifest['version'] = 1;
