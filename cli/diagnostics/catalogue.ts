/**
 * The catalogue of permanent diagnostic codes. A code is never renamed or
 * reused: CI configs, editors and READMEs refer to it. Each entry gives the
 * severity, a short title and the hint that tells the writer how to fix it.
 */
import { canLower, DIAGNOSTIC_CODES, type DiagnosticCode } from '../../schema/diagnostic-codes';

export type Severity = 'error' | 'warning';
export type { DiagnosticCode };
export { canLower, DIAGNOSTIC_CODES };

interface Entry {
  severity: Severity;
  title: string;
  hint: string;
}

export const CATALOGUE = {
  'config/missing': {
    severity: 'error',
    title: 'Site config not found',
    hint: 'Create content/site.yaml (see README.md#site-config) or pass --content to the folder that holds it.',
  },
  'config/yaml-syntax': {
    severity: 'error',
    title: 'Site config is not valid YAML',
    hint: 'Fix the YAML at this position; quote values that contain ":" or "#".',
  },
  'config/invalid': {
    severity: 'error',
    title: 'Site config value is invalid',
    hint: 'Change the value to what the message asks for (README.md#site-config lists every key).',
  },
  'config/unknown-key': {
    severity: 'error',
    title: 'Unknown site config key',
    hint: 'Remove the key or fix its spelling; README.md#site-config lists every key.',
  },
  'config/dead-link': {
    severity: 'error',
    title: 'Nav or sidebar entry points to no page',
    hint: 'Point the entry at an existing page path, or add the page.',
  },
  'file/unreadable': {
    severity: 'error',
    title: 'File cannot be read',
    hint: 'Check the file permissions, or remove the file from the content folder.',
  },
  'file/outside-content': {
    severity: 'error',
    title: 'Symbolic link leads outside the content folder',
    hint: 'Copy the file into the content folder instead of linking to it, or remove the link.',
  },
  'file/not-utf8': {
    severity: 'error',
    title: 'File is not UTF-8 text',
    hint: 'Save the file as UTF-8 (your editor\'s "Save with encoding" command).',
  },
  'file/too-large': {
    severity: 'error',
    title: 'Page is too large',
    hint: 'Split the page into several pages: one this large is slow to build and to download.',
  },
  'file/too-complex': {
    severity: 'error',
    title: 'Page takes too long or too much memory to process',
    hint: 'Split the page, or look for what makes it costly: thousands of unclosed emphasis markers, links or reference definitions, or hundreds of thousands of lines.',
  },
  'file/unsafe-name': {
    severity: 'error',
    title: 'Page file name breaks its URL',
    hint: 'Rename the file without "#", "?" and "%".',
  },
  'file/similar-names': {
    severity: 'warning',
    title: 'Two file names differ only in case or Unicode normalisation',
    hint: 'Rename one of them: on macOS and Windows the two are one file, and a checkout there keeps only one.',
  },
  'file/empty': {
    severity: 'error',
    title: 'Page is empty',
    hint: 'Write the page (a "# Title" and some text) or delete the file.',
  },
  'frontmatter/yaml-syntax': {
    severity: 'error',
    title: 'Frontmatter is not valid YAML',
    hint: 'Fix the YAML between the "---" lines; quote values that contain ":" or "#".',
  },
  'frontmatter/lenient-yaml': {
    severity: 'warning',
    title: 'Frontmatter is read only by a lenient YAML parser',
    hint: "Make it valid YAML: indent a quoted value's continuation lines past its key, or write the value on one line.",
  },
  'frontmatter/not-an-object': {
    severity: 'error',
    title: 'Frontmatter is not a mapping',
    hint: 'Frontmatter must be "key: value" lines between the two "---" lines.',
  },
  'frontmatter/unsupported-language': {
    severity: 'error',
    title: 'Frontmatter language not supported',
    hint: 'Write frontmatter in YAML: start it with a plain "---" line.',
  },
  'frontmatter/invalid': {
    severity: 'error',
    title: 'Frontmatter value is invalid',
    hint: 'Change the value to what the message asks for (README.md#frontmatter lists every key).',
  },
  'frontmatter/unknown-key': {
    severity: 'warning',
    title: 'Unknown frontmatter key',
    hint: 'Remove the key or fix its spelling; README.md#frontmatter lists every key.',
  },
  'page/no-title': {
    severity: 'error',
    title: 'Page has no title',
    hint: 'Start the page with a "# Title" heading, or set "title:" in its frontmatter.',
  },
  'page/duplicate-path': {
    severity: 'error',
    title: 'Two pages claim one path',
    hint: 'Rename one of the files or change its "permalink" so every page has its own path.',
  },
  'page/not-in-sidebar': {
    severity: 'warning',
    title: 'Page is in no sidebar entry',
    hint: 'Add the page path to "sidebar:" in site.yaml.',
  },
  'markdown/unclosed-container': {
    severity: 'warning',
    title: 'Container is never closed',
    hint: 'Close the container with a line holding only ":::".',
  },
  'markdown/unclosed-comment': {
    severity: 'warning',
    title: 'HTML comment is never closed',
    hint: 'Close the comment with "-->" where it should end, or remove the "<!--".',
  },
  'markdown/unknown-container': {
    severity: 'error',
    title: 'Unknown container type',
    hint: 'Use a built-in type (tip, warning, danger, details, info, note, v-pre, slot) or declare it in site.yaml "markdown.containers".',
  },
  'markdown/stray-container-end': {
    severity: 'warning',
    title: 'Container end without a start',
    hint: 'Remove the ":::" line, or open a container above it.',
  },
  'markdown/unknown-code-language': {
    severity: 'warning',
    title: 'Unknown code block language',
    hint: 'Use a supported language name (README.md#code-blocks) or "text"; the block is shown without highlighting.',
  },
  'markdown/table-extra-cells': {
    severity: 'warning',
    title: 'Table row has more cells than its header',
    hint: 'Escape a "|" that belongs to a cell\'s text or code as "\\|", or add a column to the header row.',
  },
  'markdown/too-deep': {
    severity: 'error',
    title: 'Page is nested too deeply',
    hint: 'Flatten the lists, quotes or HTML: no reader can follow that many levels, and what is deeper is left out.',
  },
  'markdown/include-cycle': {
    severity: 'error',
    title: 'Include goes round in a circle',
    hint: 'Remove the include that leads back to a file already being included.',
  },
  'markdown/include-outside-project': {
    severity: 'error',
    title: 'Include or snippet path leaves the project',
    hint: 'Move the file into the project, or fix the path ("@/" is the project root, "./" the page\'s folder).',
  },
  'markdown/unsupported-syntax': {
    severity: 'warning',
    title: 'Directive docsbuild does not know',
    hint: 'It is shown as written; README.md#markdown-from-vuepress-and-vitepress lists the directives that are read.',
  },
  'html/removed': {
    severity: 'warning',
    title: 'Unsafe or unsupported HTML was removed',
    hint: 'Write it in Markdown or a container, or leave the attribute out; README.md#raw-html lists what HTML may keep.',
  },
  'html/unknown-component': {
    severity: 'warning',
    title: 'Unknown Vue component',
    hint: 'Its content is shown without it; README.md#markdown-from-vuepress-and-vitepress lists the components that are rendered.',
  },
  'constant/unknown': {
    severity: 'error',
    title: 'Constant is not defined',
    hint: 'Define it under "constants:" in site.yaml, or fix the name.',
  },
  'constant/unused': {
    severity: 'warning',
    title: 'Constant is never used',
    hint: 'Remove it from "constants:" in site.yaml, or use it in a page.',
  },
  'link/dead': {
    severity: 'error',
    title: 'Link points to no page',
    hint: 'Link to an existing page path (e.g. "/guide/") or a relative .md file.',
  },
  'link/dead-anchor': {
    severity: 'error',
    title: 'Link points to a missing heading',
    hint: 'Link to a heading that exists on the target page; its slug is the heading text in lower case with "-" for spaces.',
  },
  'link/missing-file': {
    severity: 'error',
    title: 'Link or image points to a missing file',
    hint: 'Add the file to the content folder (or content/public/), or fix the path.',
  },
  'link/unsafe-url': {
    severity: 'warning',
    title: 'Link URL scheme is not allowed',
    hint: 'Use an http(s), mailto: or tel: URL, a site path, or a relative .md file; add images to the content folder instead of data: URLs.',
  },
  'link/through-redirect': {
    severity: 'warning',
    title: 'Link goes through a redirect',
    hint: 'Link straight to the redirect\'s target.',
  },
  'url/removed': {
    severity: 'error',
    title: 'A published URL would break',
    hint: 'Add a redirect from the old path under "redirects:", or restore the page.',
  },
  'redirect/dead-target': {
    severity: 'error',
    title: 'Redirect target is no page',
    hint: 'Point the redirect at an existing page path.',
  },
  'redirect/loop': {
    severity: 'error',
    title: 'Redirects form a loop',
    hint: 'Break the loop: one of these redirects must point at a page.',
  },
  'redirect/chain': {
    severity: 'warning',
    title: 'Redirect points at another redirect',
    hint: 'Point the redirect straight at the final page.',
  },
  'redirect/external-target': {
    severity: 'error',
    title: 'Redirect leaves the site',
    hint: 'Point it at a page of this site, or build with --allow-external-redirects if sending readers away is intended.',
  },
  'redirect/shadows-page': {
    severity: 'error',
    title: 'Redirect source is a page',
    hint: 'Remove the redirect, or move the page: a path cannot be both.',
  },
  'output/name-taken': {
    severity: 'error',
    title: 'Output file name is taken',
    hint: 'Change the permalink or the redirect source, or rename the file in public/: pages.json, redirects.json, routes.json, 404.html, assets/pages/ and the host files (_redirects, sitemap.xml, …) are docsbuild\'s.',
  },
  'output/name-too-long': {
    severity: 'error',
    title: 'Output file name is too long',
    hint: 'Shorten the permalink, the file name or the redirect source: a file system takes names of at most 255 bytes.',
  },
  'suppression/invalid': {
    severity: 'error',
    title: 'Inline suppression is incomplete',
    hint: 'Write <!-- docsbuild-ignore CODE why it is right here --> on the line before the problem: a code that may be lowered, then the reason.',
  },
  'suppression/unused': {
    severity: 'warning',
    title: 'Inline suppression suppresses nothing',
    hint: 'Remove the comment: the problem it was for is fixed, or it is not on the line after it.',
  },
  'vuepress/config-failed': {
    severity: 'error',
    title: 'VuePress config could not be read',
    hint: 'Fix the config at this line so that `vuepress build` would load it, or write content/site.yaml (docsbuild migrate writes one).',
  },
  'vuepress/config-module-missing': {
    severity: 'warning',
    title: 'VuePress config requires a package that is not installed',
    hint: "Install the docs' dependencies (npm install where the config's package.json is) to read the config exactly, or write content/site.yaml (docsbuild migrate writes one).",
  },
  'vuepress/malformed-redirect': {
    severity: 'error',
    title: 'Line of .vuepress/redirects is not "FROM TO"',
    hint: 'Write the source path, a space and the path it redirects to, such as "/samples/ /samples/information.html"; start a comment with "#".',
  },
  'vuepress/unsupported': {
    severity: 'warning',
    title: 'VuePress setting is not used',
    hint: 'Remove it, or carry it over by hand: README.md#coming-from-vuepress-1 says what docsbuild does instead.',
  },
  // Every code of schema/diagnostic-codes.ts, and no other: the compiler checks both ways.
} as const satisfies Record<DiagnosticCode, Entry>;

/**
 * Codes that no longer occur. They stay reserved, never to be given a new
 * meaning: `markdown/raw-html` meant "raw HTML is dropped", before raw HTML
 * was kept through an allow-list (removals are now `html/removed`).
 */
export const RETIRED_CODES = ['markdown/raw-html'] as const;

/** The anchor of a code's entry in README.md ("link/dead" → "link-dead"). */
export function codeAnchor(code: DiagnosticCode): string {
  return code.replace(/[^a-z0-9]+/g, '-');
}
