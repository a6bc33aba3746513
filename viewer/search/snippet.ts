import type { SnippetSource } from './engine';
import { snippetAround, type Segment } from './highlight';
import type { PageSection } from '../../shared/search/sections';

/** What a snippet is cut from: a page's chunk, as sections, and its description. */
export interface LoadedPage {
  sections: readonly PageSection[];
  description: string;
}

/**
 * A local hit's snippet, from its page's sections: the section's text, or
 * for the page itself its description and the text before its first header;
 * cut around the first word that matched.
 */
export function snippetFromSections(source: SnippetSource, page: LoadedPage, terms: readonly string[]): Segment[] {
  const section = page.sections.find((s) => s.slug === source.slug);
  const text = source.slug === '' ? [page.description, section?.text ?? ''].filter(Boolean).join(' ') : (section?.text ?? '');
  return snippetAround(text, new Set(terms));
}
