import { describe, expect, it } from 'vitest';
import { buildFiles, MINIMAL_SITE_YAML } from '../helpers/temp-site';

/**
 * A problem in included text is reported at the including line (the text
 * has no lines of its own in the page), and says which file it is in; the
 * same problem twice at one place is reported once.
 */
describe('problems in included text', () => {
  it('names the included file, once per problem and place, and leaves problems about the include itself as they were', async () => {
    const result = await buildFiles({
      'site.yaml': MINIMAL_SITE_YAML,
      'README.md': '# Home\n\n<!--@include: ./.parts/shared.md-->\n\nText.\n\n<!--@include: ./.parts/gone.md-->\n\n!!!include(content/.parts/shared.md)!!!\n',
      '.parts/shared.md': '## Shared\n\nSee [a](#nowhere), [b](./nope.md) and [a again](#nowhere).\n\n<!--@include: ./nested.md-->\n',
      '.parts/nested.md': 'And [c](./also-nope.md).\n',
    });
    const found = result.diagnostics.map((d) => `${d.file}:${d.line} ${d.code}: ${d.message}`);
    expect(found).toEqual([
      'content/README.md:3 link/dead: Link "./also-nope.md" points to no page. It comes from content/.parts/shared.md, included on this line.',
      'content/README.md:3 link/dead: Link "./nope.md" points to no page. It comes from content/.parts/shared.md, included on this line.',
      'content/README.md:3 link/dead-anchor: Link "#nowhere" points to "#nowhere", which is no heading on this page. It comes from content/.parts/shared.md, included on this line.',
      'content/README.md:7 link/missing-file: Included file "./.parts/gone.md" does not exist (looked for content/.parts/gone.md).',
      'content/README.md:9 link/dead: Link "./also-nope.md" points to no page. It comes from content/.parts/shared.md, included on this line.',
      'content/README.md:9 link/dead: Link "./nope.md" points to no page. It comes from content/.parts/shared.md, included on this line.',
      'content/README.md:9 link/dead-anchor: Link "#nowhere" points to "#nowhere", which is no heading on this page. It comes from content/.parts/shared.md, included on this line.',
    ]);
  });
});
