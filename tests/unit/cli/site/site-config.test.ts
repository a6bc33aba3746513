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

  it('takes rules for the whole site, and per path with files globs', () => {
    const site = parse('title: Docs\nrules:\n  link/dead-anchor: warning\n  html/removed: off\n  page/not-in-sidebar: error\n');
    expect(site.diagnostics).toEqual([]);
    expect(site.config?.rules).toEqual({ 'link/dead-anchor': 'warning', 'html/removed': 'off', 'page/not-in-sidebar': 'error' });
    const perPath = parse('title: Docs\nrules:\n  - link/dead: warning\n  - files: legacy/**\n    link/dead: off\n  - files: [a/*.md, b/**]\n    constant/unknown: warning\n');
    expect(perPath.diagnostics).toEqual([]);
    expect(perPath.config?.rules).toEqual([{ 'link/dead': 'warning' }, { files: 'legacy/**', 'link/dead': 'off' }, { files: ['a/*.md', 'b/**'], 'constant/unknown': 'warning' }]);
    expect(parse('title: Docs\n').config?.rules).toEqual({});
  });

  it('refuses an unknown code at its key, suggesting the closest', () => {
    const { config, diagnostics } = parse('title: Docs\nrules:\n  - files: legacy/**\n    link/ded: warning\n');
    expect(config).toBeUndefined();
    expect(diagnostics).toEqual([expect.objectContaining({ code: 'config/invalid', line: 4, column: 5 })]);
    expect(diagnostics[0]?.message).toBe('"rules.0.link/ded" is not a diagnostic code (README.md#diagnostics lists them).');
    expect(diagnostics[0]?.hint).toMatch(/^Did you mean "link\/dead"\?/);
  });

  it('refuses to lower a code that must stay an error, at its key, and allows it as an error', () => {
    const { diagnostics } = parse('title: Docs\nrules:\n  link/dead: warning\n  page/duplicate-path: off\n  file/unreadable: warning\n  config/invalid: error\n');
    expect(diagnostics.map((d) => [d.code, d.line, d.message])).toEqual([
      ['config/invalid', 4, '"rules.page/duplicate-path" cannot be lowered: two pages would claim one URL.'],
      ['config/invalid', 5, '"rules.file/unreadable" cannot be lowered: the file is never read, so its page would be missing from the site.'],
    ]);
    expect(diagnostics[0]?.hint).toContain('page/duplicate-path: error');
  });

  it('refuses a severity that is not error, warning or off, and rules that are neither a mapping nor a list', () => {
    expect(parse('title: Docs\nrules:\n  link/dead: ignore\n').diagnostics.map((d) => [d.line, d.message])).toEqual([
      [3, '"rules.link/dead" must be one of "error", "warning", "off".'],
    ]);
    expect(parse('title: Docs\nrules: strict\n').diagnostics.map((d) => [d.line, d.message])).toEqual([
      [2, '"rules" must be "code: error | warning | off" lines, or a list of them with "files:".'],
    ]);
  });

  it('takes the page footer settings: editLink with ":path", lastUpdated, footer.copyright', () => {
    const ok = parse(
      'title: Docs\neditLink:\n  pattern: https://github.com/org/repo/edit/main/docs/:path\nlastUpdated: true\nfooter:\n  copyright: © Org\n',
    );
    expect(ok.diagnostics).toEqual([]);
    expect(ok.config).toMatchObject({
      editLink: { pattern: 'https://github.com/org/repo/edit/main/docs/:path', text: 'Edit this page' },
      lastUpdated: true,
      footer: { copyright: '© Org' },
    });
    expect(parse('title: Docs\nlastUpdated: { text: Changed }\n').config?.lastUpdated).toEqual({ text: 'Changed' });
    // Any host: the pattern is the whole URL, a query after :path included (Bitbucket's editor).
    const bitbucket = 'https://bitbucket.org/org/repo/src/main/docs/:path?mode=edit&spa=0&at=main&fileviewer=file-view-default';
    expect(parse(`title: Docs\neditLink:\n  pattern: "${bitbucket}"\n`).config?.editLink).toEqual({ pattern: bitbucket, text: 'Edit this page' });
    expect(parse('title: Docs\neditLink:\n  pattern: https://gitlab.com/org/repo/-/edit/main/docs/:path\n').diagnostics).toEqual([]);
    const plain = parse('title: Docs\n').config;
    expect(plain?.editLink).toBeUndefined();
    expect(plain?.lastUpdated).toBe(false);
    expect(plain?.footer).toEqual({});
  });

  it('reports a bad editLink, lastUpdated or footer at its key, and unknown keys inside them', () => {
    const bad = parse(
      'title: Docs\neditLink:\n  pattern: https://github.com/org/repo/edit/main/docs/\n  txt: Edit\nlastUpdated: yes please\nfooter:\n  copyright: 12\n',
    );
    expect(bad.config).toBeUndefined();
    expect(bad.diagnostics.map((d) => [d.code, d.line])).toEqual([
      ['config/invalid', 3],
      ['config/unknown-key', 4],
      ['config/invalid', 5],
      ['config/invalid', 7],
    ]);
    expect(bad.diagnostics[0]?.message).toContain(':path');
    expect(bad.diagnostics[1]?.hint).toMatch(/^Did you mean "text"\?/);
  });
});
