import { describe, expect, it } from 'vitest';
import { parseSiteConfig } from '../../../../cli/site/site-config';
import { sourceFile } from '../../../helpers/pages';

const parse = (text: string) => parseSiteConfig(sourceFile('site.yaml', text));

describe('cli/site/site-config', () => {
  it('applies defaults', () => {
    const { config, diagnostics } = parse('title: Docs\n');
    expect(diagnostics).toEqual([]);
    expect(config).toMatchObject({ base: '/', markdown: { headers: [2, 3] }, viewer: { scrollSpyThrottleMs: 300, loadTimeoutMs: 120000 } });
  });

  it('reports an unknown key at its line, with a suggestion', () => {
    const { config, diagnostics } = parse('title: Docs\nsidebar: []\nnavv: []\n');
    expect(config).toBeUndefined();
    expect(diagnostics).toEqual([expect.objectContaining({ code: 'config/unknown-key', line: 3, column: 1 })]);
    expect(diagnostics[0]?.hint).toMatch(/^Did you mean "nav"\?/);
  });

  it('reports nested wrong values at their line', () => {
    const { diagnostics } = parse('title: Docs\nviewer:\n  loadTimeoutMs: soon\nsidebar:\n  - /ok/\n  - 12\n');
    expect(diagnostics.map((d) => [d.code, d.line])).toEqual([
      ['config/invalid', 3],
      ['config/invalid', 6],
    ]);
    expect(diagnostics[0]?.message).toBe('"viewer.loadTimeoutMs" must be a number, not string "soon".');
  });

  it('reports YAML syntax errors', () => {
    expect(parse('title: [\n').diagnostics[0]?.code).toBe('config/yaml-syntax');
  });

  it('lets locate() find a redirect key for later stages', () => {
    const parsed = parse('title: Docs\nredirects:\n  /a: /b/\n  /c: /d/\n');
    expect(parsed.locate(['redirects'], '/c')).toMatchObject({ line: 4, column: 3 });
  });

  it('takes https origins for iframes, and reports anything more or less at its line', () => {
    const ok = parse('title: Docs\nmarkdown:\n  allowIframeOrigins: [https://www.youtube-nocookie.com]\n');
    expect(ok.diagnostics).toEqual([]);
    expect(ok.config?.markdown.allowIframeOrigins).toEqual(['https://www.youtube-nocookie.com']);
    expect(parse('title: Docs\n').config?.markdown.allowIframeOrigins).toEqual([]);
    const bad = parse(
      'title: Docs\nmarkdown:\n  allowIframeOrigins:\n    - https://www.youtube.com/embed\n    - http://player.vimeo.com\n    - https://x.org/\n    - javascript:alert(1)\n',
    );
    expect(bad.config).toBeUndefined();
    expect(bad.diagnostics.map((d) => [d.code, d.line])).toEqual([
      ['config/invalid', 4],
      ['config/invalid', 5],
      ['config/invalid', 6],
      ['config/invalid', 7],
    ]);
  });
});

