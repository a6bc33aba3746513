import { describe, expect, it } from 'vitest';
import { htmlFileOf } from '../../cli/output/layout';
import { buildFiles, MINIMAL_SITE_YAML } from '../helpers/temp-site';

describe("VitePress frontmatter", () => {
  it('titleTemplate makes the page\'s <title> (and its chunk\'s), without an unknown-key warning; metaTitle still comes first', async () => {
    const result = await buildFiles(
      {
        'site.yaml': MINIMAL_SITE_YAML,
        'README.md': '---\ntitle: NORMAL\ntitleTemplate: ":title - API / NativeScript"\n---\n\nText.\n',
        'b.md': '---\ntitle: B\ntitleTemplate: ":title - x"\nmetaTitle: Own\n---\n\nText.\n',
      },
      'build',
    );
    expect(result.diagnostics.filter((d) => d.code === 'frontmatter/unknown-key')).toEqual([]);
    expect(result.files.get(htmlFileOf('/'))).toContain('<title>NORMAL - API / NativeScript</title>');
    expect(result.files.get(htmlFileOf('/b.html'))).toContain('<title>Own</title>');
  });
});
