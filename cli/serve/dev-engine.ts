import { build, type BuildResult } from '../build';
import type { ResolvedConfig } from '../config';
import { hasErrors } from '../diagnostics/diagnostic';
import { PAGE_PARTS } from '../features/parts';
import { MemoryOutput } from '../output/sink';
import { PageMemory } from '../page/page-memory';
import { createPagePipeline } from '../page/page-pipeline';

/**
 * The dev server's builds: the public build() with what a long-lived process
 * can keep between them: one page pipeline (one shiki highlighter), the
 * pages' summaries in memory, and the last good output, whose files made
 * from unchanged inputs are taken over rather than made again. An edit then
 * costs its page and the site-wide files it changes. Output is the same as a
 * cold build's (tests/integration/dev-engine.test.ts holds it to that).
 */
export class DevEngine {
  private readonly pipeline = createPagePipeline(PAGE_PARTS);
  private readonly memory = new PageMemory();
  private last: MemoryOutput | undefined;

  async build(config: ResolvedConfig): Promise<BuildResult> {
    const output = new MemoryOutput(this.last);
    const result = await build(config, { mode: 'build', output, pipeline: this.pipeline, memory: this.memory });
    // Only a good build's files are worth taking over; after a failed one the last good one stays.
    if (result.manifest && !hasErrors(result.diagnostics)) this.last = output;
    return result;
  }

  /** Frees the highlighter (after a failed build, in case the failure was in it, and on close); the next build makes one. */
  release(): void {
    this.pipeline.dispose();
  }
}
