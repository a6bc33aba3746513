import { diagnostic, type Diagnostic, type Place } from '../diagnostics/diagnostic';

/** `.vuepress/redirects` in site.yaml's terms. */
export interface VuepressRedirects {
  /** Source path → target, as site.yaml `redirects:` holds them (and validated as those are). */
  redirects: Record<string, string>;
  /**
   * The line of a source, where a problem with its redirect is reported;
   * without a source, the file (where a redirect is added); undefined for a
   * source the file does not have.
   */
  placeOf(from?: string): Place | undefined;
  /** Lines that are not `FROM TO`. */
  diagnostics: Diagnostic[];
}

/**
 * Reads the file of VuePress 1's html-redirect plugin
 * (`@vuepress/plugin-html-redirect`): a `FROM TO` redirect a line, blank
 * lines and `#` comments skipped. Each path is taken as the plugin takes it
 * (pluginPath), so `/old` and `/old/` are one source, as they are one file
 * of the plugin's output.
 */
export function readVuepressRedirects(source: { file: string; text: string }): VuepressRedirects {
  const redirects: Record<string, string> = {};
  const lines = new Map<string, Place>();
  const diagnostics: Diagnostic[] = [];
  for (const [at, text] of source.text.split('\n').entries()) {
    const fields = [...text.matchAll(/\S+/g)];
    // A comment runs to the end of the line: the plugin never read past a line's second path.
    const commentAt = fields.findIndex((field) => field[0].startsWith('#'));
    const [from, to, extra] = commentAt === -1 ? fields : fields.slice(0, commentAt);
    if (from === undefined) continue;
    const placeOf = (field: RegExpMatchArray): Place => ({ file: source.file, line: at + 1, column: field.index! + 1 });
    const malformed = (field: RegExpMatchArray, message: string) => diagnostics.push(diagnostic('vuepress/malformed-redirect', placeOf(field), message, undefined, from[0]));
    if (to === undefined) {
      malformed(from, `"${from[0]}" has no target: a line is the source path, then the path it redirects to.`);
      continue;
    }
    if (extra !== undefined) malformed(extra, `"${from[0]} ${to[0]}" is followed by "${extra[0]}": a line is the source path and its target, nothing more.`);
    const undecoded = [from, to].find((field) => pluginPath(field[0]) === undefined);
    if (undecoded) {
      malformed(undecoded, `"${undecoded[0]}" has a "%" that starts no percent-encoded character (VuePress decodes each path).`);
      continue;
    }
    const [fromPath, toPath] = [pluginPath(from[0])!, pluginPath(to[0])!];
    const first = lines.get(fromPath);
    if (first) {
      malformed(from, `"${fromPath}" is redirected on line ${first.line} already: a source has one target.`);
      continue;
    }
    redirects[fromPath] = toPath;
    lines.set(fromPath, placeOf(from));
  }
  return {
    redirects,
    placeOf: (from) => (from === undefined ? { file: source.file } : lines.get(from)),
    diagnostics,
  };
}

/**
 * A path as the html-redirect plugin reads it: a site path ending in
 * neither "/" nor ".html" gets a "/" (`/old` is written as `old/index.html`),
 * then it is percent-decoded. Undefined when it cannot be decoded.
 */
function pluginPath(written: string): string | undefined {
  const path = written.startsWith('/') && !/(?:\.html|\/)$/.test(written) ? `${written}/` : written;
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}
