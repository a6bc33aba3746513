import type { Element, Nodes, Root } from 'hast';
import { raw } from 'hast-util-raw';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../../cli/build';
import { build } from '../../cli/build';
import { resolveConfig } from '../../cli/config';
import { diagnosticsText, FIXTURES } from '../helpers/build-fixture';
import { THEME_SCRIPT } from '../../viewer/theme';
import { SVG_ELEMENTS } from '../../cli/html/policy';

/** Tags the output of the XSS page may hold: GitHub's allow-list, what the pipeline builds, the allowed iframe, and inline SVG's drawing elements. */
const ALLOWED_TAGS = new Set([
  ...'a b blockquote br code dd del details div dl dt em h1 h2 h3 h4 h5 h6 hr i img input ins kbd li ol p picture pre q rp rt ruby s samp section source span strike strong sub summary sup table tbody td tfoot th thead tr tt ul var nav iframe'.split(' '),
  ...SVG_ELEMENTS,
]);
const URL_PROPERTIES = ['href', 'src', 'action', 'formAction', 'srcDoc', 'data', 'poster', 'cite', 'background', 'xLinkHref', 'longDesc'];

/**
 * Parses HTML as a browser would (entities decoded) and lists what could run
 * script. `tags: false` skips the tag allow-list (the viewer's own layout has svg icons).
 */
function dangers(html: string, options: { tags: boolean } = { tags: true }): string[] {
  const tree = raw({ type: 'root', children: [{ type: 'raw', value: html }] }) as Root;
  const found: string[] = [];
  const walk = (node: Nodes) => {
    if (node.type === 'element') check(node);
    if ('children' in node) for (const child of node.children) walk(child);
  };
  const check = (el: Element) => {
    if (options.tags && !ALLOWED_TAGS.has(el.tagName)) found.push(`<${el.tagName}>`);
    if (el.tagName === 'iframe' && !String(el.properties.src).startsWith('https://www.youtube-nocookie.com/')) found.push(`<iframe src=${String(el.properties.src)}>`);
    for (const [key, value] of Object.entries(el.properties)) {
      if (/^on/i.test(key)) found.push(`<${el.tagName} ${key}>`);
      if (key === 'style') found.push(`<${el.tagName} style>`);
      // What the browser's URL parser would see: leading controls and spaces gone, tabs and newlines dropped.
      const url = String(value).replace(/^[\u0000-\u0020]+/, '').replace(/[\t\n\r]/g, '');
      if (URL_PROPERTIES.includes(key) && /^(javascript|vbscript|data):/i.test(url)) found.push(`<${el.tagName} ${key}=${url}>`);
    }
  };
  walk(tree);
  return found;
}

describe('the XSS test page (tests/fixtures/xss)', () => {
  let result: BuildResult;
  let html: string;
  beforeAll(async () => {
    result = await build(resolveConfig(path.join(FIXTURES, 'xss'), { config: false }), { mode: 'build' });
    const record = result.manifest?.pages.find((p) => p.path === '/xss.html');
    html = record ? (JSON.parse(result.files.get(record.chunk) as string) as { html: string }).html : '';
  });

  it('builds: every trick is a warning, none an error', () => {
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(html).toContain('XSS test page');
  });

  it('leaves nothing that can run in the page body, by the test\'s own reading of the HTML', () => {
    expect(dangers(html)).toEqual([]);
    // The checker itself finds what it is meant to find.
    expect(dangers('<a href="jav&#x09;ascript:x">a</a><img src=x onerror=y><math></math><svg><foreignObject></foreignObject></svg><p style="x"></p>')).toEqual([
      '<a href=javascript:x>',
      '<img onError>',
      '<math>',
      '<foreignObject>',
      '<p style>',
    ]);
  });

  it('leaves nothing that can run in the prerendered HTML of the page', () => {
    const document = result.files.get('xss.html') as string;
    const body = document.slice(document.indexOf('<body>'));
    expect(dangers(body, { tags: false })).toEqual([]);
    const pageHtml = body.slice(body.indexOf('data-page-html'), body.indexOf('</article>'));
    expect(pageHtml).toContain('XSS test page');
    expect(dangers(pageHtml.slice(pageHtml.indexOf('>') + 1))).toEqual([]);
    // The only scripts of the document are the viewer's own, in the head: the theme script (exactly its text), the bundle, the boot data.
    expect(document).toContain(`<script>${THEME_SCRIPT}</script>`);
    expect([...document.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])).toEqual([
      '<script>',
      expect.stringMatching(/^<script type="module" src="\/docs\/assets\/main\.[\w-]+\.js">$/),
      '<script type="application/json" id="docsbuild-boot">',
    ]);
  });

  it('keeps the harmless rest: text, the allowed iframe, links made safe but still there', () => {
    expect(html).toContain('<iframe src="https://www.youtube-nocookie.com/embed/abc" title="Allowed video" sandbox="allow-scripts"></iframe>');
    expect(html).toContain('<p>Markdown links: <a>md javascript</a>, <a>md entity</a>, <a>md tab</a>,');
    expect(html).toContain('<a id="user-content-docsbuild-boot" name="user-content-app"');
    expect(html).toContain('<h2 id="docsbuild-boot">');
  });

  it('reports every removal at its line (diagnostics), and renders as recorded (HTML)', async () => {
    const reported = new Set(result.diagnostics.map((d) => d.line));
    const source = (await import('node:fs')).readFileSync(path.join(FIXTURES, 'xss/content/xss.md'), 'utf8').split('\n');
    // Each line that holds a tag with a handler, a script-like URL or a forbidden tag must be reported;
    // not code (fenced or inline) and not a container title, which are text.
    const risky = /<(script|style|iframe|object|embed|form|svg|math|meta|base|noscript|video)\b|\bon[a-z]+=|(href|src)="[^"]*(script|data):|\]\((javascript|data|vbscript|java&)/i;
    let fenced = false;
    source.forEach((line, i) => {
      if (line.startsWith('```')) fenced = !fenced;
      // Code and container titles are text; so are the Markdown link titles that try to break out of their attribute.
      if (fenced || line.startsWith('`') || line.startsWith(':::') || line.startsWith('[title breakout]') || !risky.test(line)) return;
      expect(reported.has(i + 1), `line ${i + 1}: ${line}`).toBe(true);
    });
    await expect(diagnosticsText('xss', result)).toMatchFileSnapshot(path.join(FIXTURES, 'xss/rendered/diagnostics.txt'));
    await expect(`${html}\n`).toMatchFileSnapshot(path.join(FIXTURES, 'xss/rendered/xss.html'));
  });
});
