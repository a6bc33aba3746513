import { ROUTES_FILE } from '../../output/layout';
import { stableStringify } from '../../support/json';
import { escapeHtml, renderHead, renderHeadTag, type HeadData } from '../../../shared/head';
import { APP_ELEMENT_ID, BOOT_ELEMENT_ID, type BootData } from '../../../viewer/view';
import type { HeadTagRecord } from '../../../schema/manifest';
import { THEME_SCRIPT } from '../../../shared/theme-script';

export interface DocumentAssets {
  script: string;
  styles: readonly string[];
  preloads: readonly string[];
}

export interface DocumentInput {
  lang: string;
  base: string;
  head: HeadData;
  headTags: readonly HeadTagRecord[];
  assets: DocumentAssets;
  /** The layout, rendered by react-dom/server. */
  appHtml: string;
  boot: BootData;
  /** The policy for a `<meta http-equiv="Content-Security-Policy">` (see cli/security/csp.ts). */
  contentSecurityPolicy?: string;
}

/**
 * A whole HTML file. One inline script runs, the theme's (viewer/theme.ts),
 * allowed by its hash; the boot data is inert JSON. The
 * policy comes first (it covers only what follows it), and the boot data
 * sits in the head, before any page content: a heading whose slug is
 * "docsbuild-boot" must not be the element the viewer finds by that id.
 */
export function renderDocument(input: DocumentInput): string {
  const url = (name: string) => escapeHtml(`${input.base}${name}`);
  // `<` escaped: the JSON can never close its <script> element early.
  const boot = stableStringify(input.boot).replace(/</g, '\\u003c');
  const head = [
    '<meta charset="utf-8">',
    ...(input.contentSecurityPolicy ? [`<meta http-equiv="Content-Security-Policy" content="${escapeHtml(input.contentSecurityPolicy)}">`] : []),
    // The stored theme, before anything is painted (its hash is in the policy above).
    `<script>${THEME_SCRIPT}</script>`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark">',
    renderHead(input.head),
    ...input.headTags.map(renderHeadTag),
    ...input.assets.styles.map((name) => `<link rel="stylesheet" href="${url(name)}">`),
    // The route table is fetched once at start-up: start it with the HTML, not after the script.
    `<link rel="preload" href="${url(ROUTES_FILE)}" as="fetch" crossorigin="anonymous">`,
    ...input.assets.preloads.map((name) => `<link rel="modulepreload" href="${url(name)}">`),
    `<script type="module" src="${url(input.assets.script)}"></script>`,
    `<script type="application/json" id="${BOOT_ELEMENT_ID}">${boot}</script>`,
  ];
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(input.lang)}">`,
    '<head>',
    ...head,
    '</head>',
    '<body>',
    `<div id="${APP_ELEMENT_ID}">${input.appHtml}</div>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
