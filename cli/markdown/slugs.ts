import GithubSlugger, { slug as githubSlug } from 'github-slugger';
import { trimCharacter } from '../support/text-scan';

/** How heading text becomes an anchor: github-slugger (GitHub's rule), or VuePress 1's. */
export type SlugRule = 'github' | 'vuepress';
export const SLUG_RULES: readonly SlugRule[] = ['github', 'vuepress'];

/** Hands out one page's slugs: the same text twice gets a numbered second slug, as each rule numbers them. */
export interface Slugger {
  /**
   * The next slug for `text`, never empty, so every heading has an id a
   * link can reach. When the rule leaves nothing of the text (`?!`, an
   * emoji): GitHub's gets `section`, `section-1`…; VuePress 1's first such
   * heading gets the slug of `source` (VuePress 1's extractHeaders falls
   * back to it: `## :tada:` → `tada`) or `section`, and later ones the ids
   * markdown-it-anchor gives them, `-2`, `-3`….
   */
  slug(text: string, source?: string): string;
}

const NOTHING_TO_SLUG = 'section';

export function createSlugger(rule: SlugRule): Slugger {
  if (rule === 'github') {
    const slugger = new GithubSlugger();
    return { slug: (text) => slugger.slug(githubSlug(text) === '' ? NOTHING_TO_SLUG : text) };
  }
  // markdown-it-anchor 5 (VuePress 1's anchor plugin): the first repeat gets "-2", then "-3", ….
  const taken = new Set<string>();
  const unique = (base: string) => {
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    taken.add(slug);
    return slug;
  };
  return {
    slug(text, source) {
      const slug = unique(vuepressSlug(text));
      return slug === '' ? unique(vuepressSlug(source ?? '') || NOTHING_TO_SLUG) : slug;
    },
  };
}

/** Characters VuePress 1 turns into "-": white space, ASCII punctuation, curly quotes and dashes. */
const SEPARATORS = /[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'\u201c\u201d\u2018\u2019\u2013\u2014<>,.?/]+/g;
const COMBINING_MARKS = /[\u0300-\u036f]/g;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f]/g;

/**
 * VuePress 1's slug of a heading (@vuepress/shared-utils slugify): accents
 * dropped after NFKD, runs of separators one "-", none at either end, a
 * leading digit prefixed with "_" (an id may not start with one in CSS),
 * then lower case. Unlike GitHub's rule, other letters (CJK, Cyrillic) stay.
 */
export function vuepressSlug(text: string): string {
  const dashed = text.normalize('NFKD').replace(COMBINING_MARKS, '').replace(CONTROL_CHARACTERS, '').replace(SEPARATORS, '-').replace(/-{2,}/g, '-');
  return trimCharacter(dashed, '-')
    .replace(/^(\d)/, '_$1')
    .toLowerCase();
}
