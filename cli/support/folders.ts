/** The deepest of `folders` (each "/…/") that `path` is in; undefined when it is in none (site.yaml `locales`, say). */
export function deepestFolderOf(path: string, folders: Iterable<string>): string | undefined {
  let deepest: string | undefined;
  for (const folder of folders) if (path.startsWith(folder) && (deepest === undefined || folder.length > deepest.length)) deepest = folder;
  return deepest;
}
