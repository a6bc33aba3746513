/**
 * Every permanent diagnostic code (cli/diagnostics/catalogue.ts gives each
 * its severity, title and hint, and README.md#diagnostics documents it).
 * Here, below the catalogue, because site.yaml's `rules:` names codes and
 * its schema must know which exist and which may be lowered.
 */
export const DIAGNOSTIC_CODES = [
  'config/missing',
  'config/yaml-syntax',
  'config/invalid',
  'config/unknown-key',
  'config/dead-link',
  'file/unreadable',
  'file/outside-content',
  'file/not-utf8',
  'file/too-large',
  'file/too-complex',
  'file/empty',
  'file/unsafe-name',
  'file/similar-names',
  'frontmatter/yaml-syntax',
  'frontmatter/lenient-yaml',
  'frontmatter/not-an-object',
  'frontmatter/unsupported-language',
  'frontmatter/invalid',
  'frontmatter/unknown-key',
  'page/no-title',
  'page/duplicate-path',
  'page/not-in-sidebar',
  'markdown/unclosed-container',
  'markdown/unclosed-comment',
  'markdown/unknown-container',
  'markdown/stray-container-end',
  'markdown/unknown-code-language',
  'markdown/table-extra-cells',
  'markdown/too-deep',
  'markdown/include-cycle',
  'markdown/include-outside-project',
  'markdown/unsupported-syntax',
  'html/removed',
  'html/unknown-component',
  'constant/unknown',
  'constant/unused',
  'link/dead',
  'link/dead-anchor',
  'link/missing-file',
  'link/unsafe-url',
  'link/through-redirect',
  'url/removed',
  'redirect/dead-target',
  'redirect/loop',
  'redirect/chain',
  'redirect/external-target',
  'redirect/shadows-page',
  'output/name-taken',
  'output/name-too-long',
  'suppression/invalid',
  'suppression/unused',
  'vuepress/config-failed',
  'vuepress/config-module-missing',
  'vuepress/malformed-redirect',
  'vuepress/unsupported',
] as const;

export type DiagnosticCode = (typeof DIAGNOSTIC_CODES)[number];

const UNREADABLE_CONFIG = 'site.yaml, which holds the rules, could not be read';
const UNREAD_FILE = 'the file is never read, so its page would be missing from the site';
const UNREAD_FRONTMATTER = "the page's settings (title, permalink, prev/next) could not be read, so it would be built wrong";

/**
 * Codes that stay errors whatever site.yaml's `rules:`, a baseline or an
 * inline suppression say, each with the reason: the output would be wrong,
 * not merely imperfect (a page missing or built without its settings, two
 * things claiming one URL, content left out), or the setting that would
 * lower it could not be read. Every other code may be raised or lowered:
 * what it reports is then left out or shown plainly (a dead link as text,
 * a dead redirect not written).
 */
export const FIXED_CODES: Readonly<Partial<Record<DiagnosticCode, string>>> = {
  'config/missing': UNREADABLE_CONFIG,
  'config/yaml-syntax': UNREADABLE_CONFIG,
  'config/invalid': UNREADABLE_CONFIG,
  'config/unknown-key': UNREADABLE_CONFIG,
  'file/unreadable': UNREAD_FILE,
  'file/outside-content': UNREAD_FILE,
  'file/not-utf8': UNREAD_FILE,
  'file/too-large': UNREAD_FILE,
  'file/too-complex': UNREAD_FILE,
  'frontmatter/yaml-syntax': UNREAD_FRONTMATTER,
  'frontmatter/not-an-object': UNREAD_FRONTMATTER,
  'frontmatter/unsupported-language': UNREAD_FRONTMATTER,
  'frontmatter/invalid': UNREAD_FRONTMATTER,
  'page/duplicate-path': 'two pages would claim one URL',
  'redirect/shadows-page': 'a redirect and a page would claim one URL',
  'redirect/external-target': 'sending readers to another site is allowed only by --allow-external-redirects',
  'output/name-taken': 'two things would be written to one file, or a page would replace a file the site needs',
  'output/name-too-long': 'a file system cannot hold the file',
  'markdown/too-deep': 'what is nested too deeply is left out of the page',
  'suppression/invalid': 'an inline suppression must name a code that may be lowered and say why',
  'vuepress/config-failed': 'the VuePress config, which stands in for site.yaml, could not be read',
};

/** Whether a code may be lowered to a warning or turned off (by `rules:`, a baseline or a suppression). */
export function canLower(code: string): boolean {
  return isDiagnosticCode(code) && FIXED_CODES[code] === undefined;
}

export function isDiagnosticCode(code: string): code is DiagnosticCode {
  return (DIAGNOSTIC_CODES as readonly string[]).includes(code);
}
