import { describe, expect, it } from 'vitest';
import { buildFiles, placesOf } from '../helpers/temp-site';

const SITE = 'title: T\n';

describe('raw HTML in Markdown (issue 18)', () => {
  it('<img src="./x.png"> is checked: a missing file is link/missing-file at the tag', async () => {
    const page = '# Home\n\n<p>\n  <img alt="ok" src="./x.png">\n  <img src=\'./gone.png\'>\n</p>\n\n<img src="https://example.com/a.png"> <!-- <img src="./commented.png"> -->\n';
    const result = await buildFiles({ 'site.yaml': SITE, 'README.md': page, 'x.png': new Uint8Array([1, 2]) });
    expect(placesOf(result, 'README.md')).toEqual(['link/missing-file@5:3']);
  });

  it('<img src="./x.png"> is rewritten to the published file, like a Markdown image', async () => {
    const page = '# Home\n\n![md](./x.png)\n\n<div><img alt="raw" src="./x.png" width="20"></div>\n';
    const result = await buildFiles({ 'site.yaml': SITE, 'README.md': page, 'x.png': new Uint8Array([1, 2]) }, 'build');
    expect(result.diagnostics).toEqual([]);
    const media = [...result.files.keys()].find((n) => n.startsWith('assets/media/x.'))!;
    const chunk = [...result.files].find(([n]) => n.startsWith('assets/pages/index.'))![1] as string;
    const html = (JSON.parse(chunk) as { html: string }).html;
    expect(html).toContain(`<img src="/${media}" alt="md">`);
    expect(html).toContain(`<img src="/${media}" alt="raw" width="20">`);
    expect(html).not.toContain('./x.png');
  });

  it('an unclosed <!-- is markdown/unclosed-comment at its line, instead of silently dropping the rest of the page', async () => {
    const page = '# Home\n\nVisible.\n\n<!-- a note\n\n[dead](/nope/)\n\nMore text.\n';
    const result = await buildFiles({ 'site.yaml': SITE, 'README.md': page });
    expect(placesOf(result, 'README.md')).toEqual(['markdown/unclosed-comment@5:1']);
    expect(result.diagnostics[0]!.message).toBe('This HTML comment is never closed, so the 5 line(s) from "<!--" on are left out of the page.');
    const closed = await buildFiles({ 'site.yaml': SITE, 'README.md': '# Home\n\n<!-- a note -->\n\n<!--\nlonger\n-->\n' });
    expect(closed.diagnostics).toEqual([]);
  });
});
