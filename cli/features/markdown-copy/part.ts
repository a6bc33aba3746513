import type { PagePart } from '../../page/types';
import { prepareMarkdownCopy, type PreparedCopy } from './copy';

export const PART_NAME = 'markdown-copy';

/** The copy's link URLs as written: where the copy's output depends on the rest of the site. */
export interface CopySummary {
  urls: string[];
}

export const part: PagePart<CopySummary, PreparedCopy> = {
  name: PART_NAME,
  perPage({ tree, outline, title, context }) {
    const imports = tree.page.source.dependencies ? { importRoot: context.markdown?.importRoot, contentFolder: context.markdown?.contentFolder } : undefined;
    const copy = prepareMarkdownCopy(tree, { title, constants: context.constants, links: outline.links, imports });
    return { summary: { urls: copy.urls }, body: copy };
  },
};
