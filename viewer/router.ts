/**
 * The site path (`/limits/`) of a URL pathname (`/docs/limits/`), decoded;
 * undefined when the pathname is outside the base. `/docs` counts as `/docs/`.
 */
export function sitePathOf(pathname: string, base: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURI(pathname);
  } catch {
    decoded = pathname;
  }
  if (decoded === base.slice(0, -1)) return '/';
  if (!decoded.startsWith(base)) return undefined;
  return `/${decoded.slice(base.length)}`;
}

/** The URL pathname of a site path: `/limits/` → `/docs/limits/`. */
export function hrefOf(base: string, sitePath: string): string {
  return `${base}${sitePath.slice(1)}`;
}
