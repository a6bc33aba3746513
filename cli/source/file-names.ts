import path from 'node:path';
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic';

/** Characters a URL path reads as something else: "#" starts a fragment, "?" a query, "%" an escape. */
const URL_SPECIAL = /[#?%]/;

/**
 * File names that would publish broken URLs, or that collide elsewhere: a
 * page named with "#", "?" or "%" (its URL in sitemap.xml, canonical links
 * and llms.txt would break, as a permalink with them would), and two files
 * whose paths differ only in case or Unicode normalisation (one file on
 * macOS and Windows, so a checkout there loses one).
 */
export function checkFileNames(files: readonly string[], isPage: (relativePath: string) => boolean, displayPath: (relativePath: string) => string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const file of files) {
    if (!isPage(file) || !URL_SPECIAL.test(path.posix.basename(file))) continue;
    const renamed = `${path.posix.dirname(file) === '.' ? '' : `${path.posix.dirname(file)}/`}${path.posix.basename(file).replace(/[#?%]/g, '-')}`;
    diagnostics.push(
      diagnostic(
        'file/unsafe-name',
        { file: displayPath(file) },
        `${file} has "#", "?" or "%" in its name: its URL would be read as a fragment, a query or an escape.`,
        `Rename it to ${renamed} (and set "permalink:" if the URL must stay).`,
        file,
      ),
    );
  }
  const first = new Map<string, string>();
  for (const file of [...files].sort()) {
    const key = file.normalize('NFC').toLowerCase();
    const earlier = first.get(key);
    if (earlier === undefined) {
      first.set(key, file);
      continue;
    }
    const how = earlier.toLowerCase() === file.toLowerCase() ? 'only in case' : 'only in Unicode normalisation (NFC and NFD)';
    diagnostics.push(
      diagnostic('file/similar-names', { file: displayPath(file) }, `${file} and ${earlier} differ ${how}: on macOS and Windows they are one file.`, undefined, file),
    );
  }
  return diagnostics;
}
