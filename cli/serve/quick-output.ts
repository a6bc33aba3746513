import type { OutputContent, OutputSink, ReusedOutput } from '../output/sink';

/**
 * Where a quick edit's files go (serve/quick-edit.ts): one feature run
 * writes into it edit after edit, so a name may come again, and nothing is
 * taken over from a previous build (every file asked for is made).
 */
export class QuickOutput implements OutputSink {
  private files = new Map<string, OutputContent>();

  async put(name: string, content: OutputContent): Promise<void> {
    this.files.set(name, content);
  }

  async reuse(): Promise<ReusedOutput | undefined> {
    return undefined;
  }

  has(name: string): boolean {
    return this.files.has(name);
  }

  names(): string[] {
    return [...this.files.keys()];
  }

  async read(name: string): Promise<OutputContent | undefined> {
    return this.files.get(name);
  }

  /** The files made since the last call, and forgets them. */
  take(): Map<string, OutputContent> {
    const made = this.files;
    this.files = new Map();
    return made;
  }
}
