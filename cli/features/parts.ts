import type { PagePart } from '../page/types';
import { part as markdownCopy } from './markdown-copy/part';
import { part as search } from './search/part';
import { part as viewer } from './viewer/part';

/**
 * What each output feature keeps of a page in the page pipeline. Apart from
 * the registry (index.ts) so that page workers load only these small
 * modules, not the bundler or the prerenderer.
 */
export const PAGE_PARTS: readonly PagePart[] = [viewer, search, markdownCopy];
