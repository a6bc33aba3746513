import type { OutputContent, OutputSink, ReusedOutput } from '../output/sink';

/**
 * Where a quick edit's files go (serve/quick-edit.ts): one feature run
 * writes into it edit after edit, so a name may come again, and nothing is
 * taken over from a previous build (every file asked for is made).
 */
export class QuickOutput implements OutputSink {
  private files = new Map<string, OutputContent>();
  private waiting: { test: (name: string) => boolean; found: (file: { name: string; content: OutputContent }) => void }[] = [];

  async put(name: string, content: OutputContent): Promise<void> {
    this.files.set(name, content);
    const ready = this.waiting.filter((w) => w.test(name));
    this.waiting = this.waiting.filter((w) => !w.test(name));
    for (const w of ready) w.found({ name, content });
  }

  /** The next file put whose name passes `test`, as soon as it is put (the rest of the page is still being made). */
  when(test: (name: string) => boolean): Promise<{ name: string; content: OutputContent }> {
    return new Promise((found) => this.waiting.push({ test, found }));
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
    this.waiting = [];
    return made;
  }
}
