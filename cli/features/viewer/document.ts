import { ROUTES_FILE } from '../../output/layout';
import { stableStringify } from '../../support/json';
import { escapeHtml, renderHead, renderHeadTag, type HeadData } from '../../../shared/head';
import { APP_ELEMENT_ID, BOOT_ELEMENT_ID, type BootData } from '../../../viewer/view';
import { ATTRIBUTE_NAME } from '../../../schema/attribute-name';
import type { HeadTagRecord } from '../../../schema/manifest';
import { THEME_SCRIPT } from '../../../shared/theme-script';

/** A site head tag as the page carries it: an attribute name that is no attribute name (site.yaml refuses it) is left out, never written. */
export function headTagHtml(tag: HeadTagRecord): string {
  return renderHeadTag({ ...tag, attrs: Object.fromEntries(Object.entries(tag.attrs).filter(([name]) => ATTRIBUTE_NAME.test(name))) });
}

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
    ...input.headTags.map(headTagHtml),
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
