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
    const parts = name.split('/');
    for (let i = 1; i < parts.length; i++) this.folders.add(parts.slice(0, i).join('/'));
  }

  /** Whether `name` can be written without replacing a file or turning a file into a folder. */
  isFree(name: string): boolean {
    if (this.files.has(name) || this.folders.has(name)) return false;
    const parts = name.split('/');
    for (let i = 1; i < parts.length; i++) if (this.files.has(parts.slice(0, i).join('/'))) return false;
    return true;
  }

  /** Adds `name` if it is free; returns whether it was. */
  claim(name: string): boolean {
    if (!this.isFree(name)) return false;
    this.add(name);
    return true;
  }
}
