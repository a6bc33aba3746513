/**
 * The names already in the output, as files and as the folders they imply.
 * A hosting file is added only where it collides with neither: a stub never
 * replaces a page, and `x/index.html` is never planned where `x` is a file.
 */
export class OutputNames {
  private readonly files = new Set<string>();
  private readonly folders = new Set<string>();

  constructor(names: Iterable<string>) {
    for (const name of names) this.add(name);
  }

  add(name: string): void {
    this.files.add(name);
    // Each folder is the name up to one of its slashes (no split and join: a site's 33,000 names are added at once).
    for (let at = name.indexOf('/'); at !== -1; at = name.indexOf('/', at + 1)) this.folders.add(name.slice(0, at));
  }

  /** Whether `name` can be written without replacing a file or turning a file into a folder. */
  isFree(name: string): boolean {
    if (this.files.has(name) || this.folders.has(name)) return false;
    for (let at = name.indexOf('/'); at !== -1; at = name.indexOf('/', at + 1)) if (this.files.has(name.slice(0, at))) return false;
    return true;
  }

  /**
   * isFree for one name among `names`, without indexing them all: a
   * site-wide file checked once at the end of a build (llms.txt) need not
   * make a set of a large site's 33,000 names and their folders.
   */
  static isFreeAmong(names: Iterable<string>, name: string): boolean {
    const folders = new OutputNames([name]).folders;
    const below = `${name}/`;
    for (const other of names) if (other === name || other.startsWith(below) || folders.has(other)) return false;
    return true;
  }

  /** Adds `name` if it is free; returns whether it was. */
  claim(name: string): boolean {
    if (!this.isFree(name)) return false;
    this.add(name);
    return true;
  }
}
