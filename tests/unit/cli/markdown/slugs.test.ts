import GithubSlugger from 'github-slugger';
import { describe, expect, it } from 'vitest';
import { createSlugger, vuepressSlug } from '../../../../cli/markdown/slugs';

/**
 * Expected VuePress slugs are what @vuepress/shared-utils 1.9.10's slugify
 * returned for the same text (run once in a scratch project), not typed by
 * reasoning about the rule.
 */
describe('cli/markdown/slugs', () => {
  it.each([
    ['palette.styl', 'palette-styl'],
    ["Org's ID", 'org-s-id'],
    ['Über Größe', 'uber-große'],
    ['2. Install', '_2-install'],
    ['  --lead and trail--  ', 'lead-and-trail'],
    ['config.js \u201cquoted\u201d \u2014 dash', 'config-js-quoted-dash'],
    ['API 参考', 'api-参考'],
    ['a_b-c+d', 'a-b-c-d'],
    ['Tab\there', 'tabhere'],
    ['Привет мир', 'привет-мир'],
  ])('slugs %j as VuePress 1 does', (text, slug) => {
    expect(vuepressSlug(text)).toBe(slug);
  });

  it('numbers repeats from -2 in VuePress mode (markdown-it-anchor 5)', () => {
    const slugger = createSlugger('vuepress');
    expect(['Setup', 'Setup', 'Setup'].map((t) => slugger.slug(t))).toEqual(['setup', 'setup-2', 'setup-3']);
  });

  it('is github-slugger in github mode, repeats from -1', () => {
    const ours = createSlugger('github');
    const theirs = new GithubSlugger();
    for (const text of ['palette.styl', "Org's ID", 'palette.styl']) expect(ours.slug(text)).toBe(theirs.slug(text));
  });
});
