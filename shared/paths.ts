/**
 * Other spellings of a site path that land on the same page, the way the
 * viewer and static hosts resolve them, tried in order:
 * `/a/index.html` → `/a/`; `/a.html` → `/a/`; `/a` → `/a/`, `/a.html`; `/a/` → `/a`, `/a.html`.
 * One function for the build's link checker and the browser's router, so a
 * link the checker accepts is one the viewer resolves.
 */
export function pathVariants(sitePath: string): string[] {
  if (sitePath.endsWith('/index.html')) return [sitePath, sitePath.slice(0, -'index.html'.length)];
  if (sitePath.endsWith('.html')) return [sitePath, `${sitePath.slice(0, -'.html'.length)}/`];
  if (!sitePath.endsWith('/')) return [sitePath, `${sitePath}/`, `${sitePath}.html`];
  // `/a/` → `/a.html` as VuePress 1's router resolves it (a nav link to "/community/join/" for community/join.md).
  return sitePath === '/' ? [sitePath] : [sitePath, sitePath.slice(0, -1), `${sitePath.slice(0, -1)}.html`];
}
