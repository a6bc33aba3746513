import { createHash } from 'node:crypto';
import type { PageSection } from '../../../shared/search/sections';

/**
 * A hash of a page's search sections. It stands for them in the index's key
 * (searchIndexKey), so a build knows whether the index must be made again
 * without holding every page's text. Its own module: page workers need it,
 * not the index.
 */
export function sectionsKey(sections: readonly PageSection[]): string {
  return createHash('sha256').update(JSON.stringify(sections)).digest('hex');
}
