import { build, type BuildResult, type BuiltSite } from '../build';
import type { ResolvedConfig } from '../config';
import { hasErrors } from '../diagnostics/diagnostic';
import { PAGE_PARTS } from '../features/parts';
import { PageMemory } from '../page/page-memory';
import { createPagePipeline, type PagePipeline } from '../page/page-pipeline';
import { PageCheckMemory } from '../site/checks/page-check-memory';
import type { DeferredContent } from '../output/sink';
import { DevOutput } from './dev-output';
import { quickEdit, startQuickViewer, type QuickEdit, type QuickViewer } from './quick-edit';

/**
 * The dev server's builds: the public build() with what a long-lived process
 * can keep between them: one page pipeline (one shiki highlighter), the
 * pages' summaries in memory, and the last good output, whose files made
 * from unchanged inputs are taken over rather than made again, and the link
 * checks of the pages the edit cannot affect (site/checks/page-check-memory.ts).
 * An edit then costs its page and the site-wide files it changes. Page HTML
 * is made when a browser asks for it (DevOutput), so a site.yaml change that
 * reaches every page's HTML costs the pages opened. Output, made or deferred,
 * is the same as a cold build's (tests/integration/dev-engine.test.ts holds it to that).
 *
 * Before that build, an edit that leaves the site model as it was (`quick`)
 * gives the page's new chunk and HTML alone, in the time of one page, for
 * the screen; the build after it brings the site-wide files up to date.
 */
/** A build of the engine: its files made, and those made when first read (the page HTML), by name. */
export interface DevBuildResult extends BuildResult {
  deferred: ReadonlyMap<string, DeferredContent>;
}

export class DevEngine {
  // A page's code blocks are highlighted again only when they change: a few hundred cover the pages a writer has open.
  private readonly pipeline = createPagePipeline(PAGE_PARTS, { rememberBlocks: 256 });
  private readonly memory = new PageMemory();
  private readonly checks = new PageCheckMemory();
  private last: DevOutput | undefined;
  /** This thread's pipeline made ready for quick edits (see warmUp); again after `release`. */
  private warm: Promise<void> | undefined;
  /** Builds started, to stop the warm-up once another begins. */
  private builds = 0;
  /** The last build's site, while it is the last good one; quick edits are made against it. */
  private site: { built: BuiltSite; viewer: Promise<QuickViewer> } | undefined;

  async build(config: ResolvedConfig, signal?: AbortSignal): Promise<DevBuildResult> {
    const started = ++this.builds;
    const output = new DevOutput(this.last);
    let built: BuiltSite | undefined;
    // The first build is a cold one, whose garbage the collections keep down; later ones reuse nearly all (see BuildOptions).
    const collectWhileWriting = this.last === undefined;
    const result = await build(config, { mode: 'build', output, pipeline: this.pipeline, memory: this.memory, signal, collectWhileWriting, sizes: false, checks: this.checks, keep: (site) => (built = site) });
    // An aborted build throws above and keeps the last site. A failed one leaves none to edit against.
    this.site = undefined;
    // Only a good build's files are worth taking over; after a failed one the last good one stays.
    if (result.manifest && !hasErrors(result.diagnostics)) {
      this.last = output;
      if (built) {
        const viewer = startQuickViewer(built);
        viewer.catch(() => undefined);
        this.site = { built, viewer };
        // Stopped by the next build: its pages may want another highlighter (a new language), and the two would take turns making one.
        this.warm ??= warmUp(this.pipeline, built, () => this.builds === started);
      }
    }
    return { ...result, deferred: output.deferredFiles };
  }

  /**
   * The edit of one page that leaves the site model as it was (or with
   * `modelEdit`, changes only its own title, headers, anchors or links), made against
   * the last build (quick-edit.ts); undefined when it is another kind of edit
   * or the last build failed. The caller makes sure no other change happened
   * since that build (a build follows every quick edit).
   */
  async quick(config: ResolvedConfig, file: string, options: { modelEdit?: boolean } = {}): Promise<QuickEdit | undefined> {
    const site = this.site;
    if (!site) return undefined;
    const viewer = await site.viewer.catch(() => undefined);
    if (!viewer) return undefined;
    return quickEdit({ config, site: site.built, viewer, pipeline: this.pipeline, memory: this.memory, file, modelEdit: options.modelEdit });
  }

  /** Frees the highlighter (after a failed build, in case the failure was in it, and on close); the next build makes one. */
  release(): void {
    this.pipeline.dispose();
    this.warm = undefined;
  }
}

/** Pages processed once in this thread after the first build, for the first quick edits. */
const WARM_UP_PAGES = 12;

/**
 * A first build on workers (the default from a few hundred pages) leaves
 * this thread's pipeline cold: no highlighter, the parser not yet compiled
 * by the JIT. The first quick edits then took several times the time of the
 * later ones (measured at 2,000 pages: 110-120 ms, then 35-40). A few pages
 * processed here, in the background and one per turn of the event loop,
 * make that cost before the writer's first edit. The results are dropped.
 */
async function warmUp(pipeline: PagePipeline, site: BuiltSite, current: () => boolean): Promise<void> {
  for (const source of site.sources.slice(0, WARM_UP_PAGES)) {
    await new Promise((resolve) => setImmediate(resolve));
    if (!current()) return;
    await pipeline.process(source, site.context).catch(() => undefined);
  }
}
