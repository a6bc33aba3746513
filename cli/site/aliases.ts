/**
 * site.yaml `aliases`: a URL that names a file through a webpack alias, as
 * a VuePress tree's images do (`~@assets/images/x.png` with
 * `configureWebpack.resolve.alias`), as the site path of that file. VuePress
 * hands such a URL to webpack (vue-loader reads `~` and a leading `@` as a
 * module request), so the alias leads wherever the config says; docsbuild
 * publishes the content folder's files only, so an alias is a folder of it.
 * Undefined when the URL starts with no alias: a `~` without one names a
 * package, and is left as written.
 */
export function aliasedPath(decoded: string, aliases: Readonly<Record<string, string>>): string | undefined {
  const request = decoded.startsWith('~') ? decoded.slice(1) : decoded.startsWith('@') ? decoded : undefined;
  if (request === undefined) return undefined;
  let found: string | undefined;
  for (const name of Object.keys(aliases)) {
    // The longest alias that starts the request, as a whole path segment (webpack takes `@a/b` before `@a`).
    if ((request === name || request.startsWith(`${name}/`)) && (found === undefined || name.length > found.length)) found = name;
  }
  return found === undefined ? undefined : `${aliases[found]}${request.slice(found.length + 1)}`;
}
