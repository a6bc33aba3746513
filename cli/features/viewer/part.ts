import { codeClassesOf } from '../../markdown/code-classes';
import type { PagePart } from '../../page/types';

export const PART_NAME = 'viewer';

/** What the viewer keeps of each page besides its HTML: the highlighting classes it uses, for the site's code stylesheet. */
export interface ViewerSummary {
  codeClasses: string[];
}

export const part: PagePart<ViewerSummary> = {
  name: PART_NAME,
  perPage: ({ html }) => ({ summary: { codeClasses: codeClassesOf(html) } }),
};
