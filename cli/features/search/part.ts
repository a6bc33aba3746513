import { sectionsOf, type PageSection } from '../../../shared/search/sections';
import type { PagePart } from '../../page/types';
import { sectionsKey } from './sections-key';

export const PART_NAME = 'search';

/** The page's text by section, as the index takes it: made with the page, so it is cached with it. */
export type SearchBody = PageSection[];

/** A hash of those sections: the index is made again only when one changes. */
export interface SearchSummary {
  sectionsKey: string;
}

export const part: PagePart<SearchSummary, SearchBody> = {
  name: PART_NAME,
  perPage({ html, outline }) {
    const sections = sectionsOf(html, outline.headers);
    return { summary: { sectionsKey: sectionsKey(sections) }, body: sections };
  },
};
