import { isWebUrl } from '../../../shared/urls';
import type { Manifest } from '../../../schema/manifest';
import { escapeHtml } from '../../../shared/head';
import { stubFileOf } from '../../output/layout';
import type { RedirectRule } from './redirect-rules';
import { absoluteUrlOf, targetHref } from '../../site/urls';

/**
 * The script a stub loads: it keeps the query and the #fragment, which a
 * meta refresh drops. External, so a strict Content-Security-Policy needs no
 * exception; the meta refresh is the fallback without JavaScript.
 */
export const REDIRECT_SCRIPT =
  "(function(){var t=document.documentElement.getAttribute('data-redirect');" +
  "if(t)location.replace(/[?#]/.test(t)?t:t+location.search+location.hash)})();\n";

/**
 * An HTML stub per redirect, at the file every static host serves for the
 * source (`/a` and `/a/` → `a/index.html`): meta refresh, canonical link to
 * the target, a plain link for people and crawlers, and noindex.
 */
export function redirectStub(manifest: Manifest, rule: RedirectRule, scriptHref: string): { name: string; content: string } {
  const { site } = manifest;
  const href = targetHref(site, rule.to);
  const external = isWebUrl(rule.to);
  const canonical = external ? rule.to : (absoluteUrlOf(site, rule.to) ?? href);
  const page = external ? undefined : manifest.pages.find((p) => p.path === rule.to);
  const label = page?.title ?? href;
  const content = [
    '<!doctype html>',
    `<html lang="${escapeHtml(site.lang)}" data-redirect="${escapeHtml(href)}">`,
    '<head>',
    '<meta charset="utf-8">',
    `<title>${escapeHtml(`Moved: ${label}`)}</title>`,
    '<meta name="robots" content="noindex">',
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    `<meta http-equiv="refresh" content="0; url=${escapeHtml(href)}">`,
    `<script src="${escapeHtml(scriptHref)}"></script>`,
    '</head>',
    '<body>',
    `<p>This page has moved to <a href="${escapeHtml(href)}">${escapeHtml(label)}</a>.</p>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
  return { name: stubFileOf(rule.from), content };
}
