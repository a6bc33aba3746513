import { describe, expect, it } from 'vitest';
import { buildFiles, MINIMAL_SITE_YAML } from '../helpers/temp-site';

describe('link/dead-anchor hints', () => {
  it('suggests the heading an anchor lost or gained words at its end from, and says how many headings the list leaves out', async () => {
    const headings = ['Install', 'Options', 'keyName', 'refreshOnceOnNavigation', 'skip <Badge text="v2.1+"/>', 'callback <Badge text="v2.1+"/>', 'once', 'json', 'vmid', 'content'];
    const result = await buildFiles({
      'site.yaml': MINIMAL_SITE_YAML,
      'README.md': '# Home\n\n[callback](/api.html#callback-since-v2-1), [json](/api.html#json-since-v2-1), [opt](/api.html#op), [none](/api.html#zzz)\n',
      'api.md': `# API\n\n${headings.map((h) => `## ${h}\n\nText.\n`).join('\n')}`,
    });
    const hints = result.diagnostics.filter((d) => d.code === 'link/dead-anchor').map((d) => d.hint);
    const list = 'Headings on /api.html: api, install, options, keyname, refreshonceonnavigation, skip, callback, once, and 3 more.';
    // Whole words only: "#op" is no word of "options".
    expect(hints).toEqual([`Did you mean "callback"? ${list}`, `Did you mean "json"? ${list}`, list, list]);
  });
});
