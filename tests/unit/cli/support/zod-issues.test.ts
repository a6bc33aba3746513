import { describe, expect, it } from 'vitest';
import { SiteConfigSchema } from '../../../../schema/site-config';
import { describeIssue } from '../../../../cli/support/zod-issues';

/** What a writer reads for each problem of a site.yaml value. */
const told = (value: Record<string, unknown>) => {
  const parsed = SiteConfigSchema.safeParse({ title: 'T', ...value });
  return parsed.success ? [] : parsed.error.issues.map((issue) => describeIssue(issue, { title: 'T', ...value }));
};

describe('cli/support/zod-issues', () => {
  it('tells a value that fits no form of a union what the form it comes closest to needs, not every form it is not', () => {
    // A sidebar entry is a path, { text, link } or a group: an object with `text` is the second missing its link.
    expect(told({ sidebar: ['/', { text: 'Start' }] })).toEqual(['"sidebar.1.link" is required.']);
    expect(told({ sidebar: [{ title: 'Group' }] })).toEqual(['"sidebar.0.children" is required.']);
  });

  it('names each closest form when two come equally close', () => {
    // A nav item is a link { text, link } or a dropdown { text, items }.
    expect(told({ nav: [{ text: 'A' }] })).toEqual(['"nav.0.link" is required; or "nav.0.items" is required.']);
  });

  it('tells a value of no form\'s type which types would do', () => {
    expect(told({ sidebar: [5] })).toEqual(['"sidebar.0" must be a string or an object, not number 5.']);
    expect(told({ nav: [true] })).toEqual(['"nav.0" must be an object, not boolean true.']);
  });
});
