import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { VIEWER_DIR, VIEWER_INSTALLED } from '../features/viewer/bundle';
import type { ResolvedConfig } from '../config';
import type { BaselineReport } from '../diagnostics/baseline';
import { hasErrors, type Diagnostic } from '../diagnostics/diagnostic';
import { formatBaseline, formatSummary, formatText } from '../diagnostics/format';
import { DevEngine } from './dev-engine';
import { siteUpdate, type BuildSnapshot, type SiteUpdate } from './changes';
import { bundleDevClient, DEV_SEGMENT, devDocument, devScriptOf, withDevClient, type DevBundle } from './dev-client';
import type { QuickEdit } from './quick-edit';
import { EventHub } from './events';
import { MemorySource } from './file-source';
import { listen, type ListenOptions, type RunningServer } from './listen';
import { createStaticHandler } from './static';
import { WAITING_PAGE, WAITING_SCRIPT } from './waiting-page';
import { watchTrees, type TreeWatcher, type WatchedTree } from './watcher';
import { outputInContent } from '../source/output-in-content';
import { isReadFolder } from '../source/content-folders';

export interface DevOptions extends ListenOptions {
  config: ResolvedConfig;
  /** Where progress and diagnostics go (the terminal); the library never prints by itself. */
  log: (text: string) => void;
  /** Colour in the diagnostics printed to `log`. */
  color?: boolean;
  /** Quiet time after a change before rebuilding: an editor's save is often several events (a truncate and a write come within a millisecond). */
  debounceMs?: number;
  /**
   * After a quick edit, quiet time before the full build starts: a writer
   * typing makes edit after edit, and a build in flight, though it stops for
   * the next one, still holds the thread and the disk while it reads the tree.
   */
  quietMs?: number;
  /** Also watch viewer/ and re-bundle it on change (by default only in docsbuild's own repository, not when installed). */
  watchViewer?: boolean;
  /** What builds the site after each change; by default a DevEngine (tests give one that fails on purpose). */
  engine?: Pick<DevEngine, 'build' | 'release'> & Partial<Pick<DevEngine, 'quick'>>;
}

export interface DevServer extends RunningServer {
  /** `http://127.0.0.1:5173/docs/` (the base of the last good build). */
  url: string;
}

export const DEFAULT_DEV_PORT = 5173;

/** The `diagnostics` event's data: the list, and the same text the terminal shows. */
export interface DiagnosticsEvent {
  diagnostics: Diagnostic[];
  text: string;
}

/**
 * `docsbuild dev`: builds in memory with the public build() (so it gains
 * whatever build() learns, such as caching), serves the result like
 * `preview` does, watches content/ and viewer/, rebuilds after a change and
 * tells open browsers over server-sent events what changed.
 */
export async function startDevServer(options: DevOptions): Promise<DevServer> {
  const { config, log } = options;
  const source = new MemorySource();
  // Tells a reconnecting tab whether it is still talking to the same server (a restarted one has other content).
  const serverId = randomUUID();
  const hub = new EventHub();
  let base: string | undefined;
  let bundle: DevBundle | undefined;
  let snapshot: BuildSnapshot | undefined;
  let builds = 0;
  let diagnostics: DiagnosticsEvent = { diagnostics: [], text: '' };
  let staticHandler: ReturnType<typeof createStaticHandler> | undefined;
  /** viewer/ changed since the dev bundle was last made (kept until a bundle succeeds). */
  let viewerStale = false;
  // One page pipeline (one shiki highlighter) for the server's life, not one per rebuild; the pages' summaries and the last good output.
  const engine = options.engine ?? new DevEngine();
  const failures = repeatCounter();
  // Set before the first build runs (below, once the server listens).
  let watcher: TreeWatcher;

  const getSource = (file: string) => {
    try {
      return readFileSync(path.resolve(config.root, file), 'utf8');
    } catch {
      return undefined;
    }
  };

  /** Shows new problems only (in the terminal and the overlay); baselined ones are one line in the terminal, when it changes. */
  let knownLine = '';
  const publishDiagnostics = (all: Diagnostic[], pageCount: number, extra?: string, baseline?: BaselineReport) => {
    const list = all.filter((d) => !d.baselined);
    const text = [formatText(list, { color: false, getSource }), extra].filter(Boolean).join('\n\n');
    const next: DiagnosticsEvent = { diagnostics: list, text };
    const known = formatBaseline(baseline).join('\n');
    if (known !== knownLine && known !== '') log(known);
    knownLine = known;
    if (JSON.stringify(next) === JSON.stringify(diagnostics)) return;
    const wasBad = diagnostics.text !== '';
    diagnostics = next;
    hub.send('diagnostics', next);
    if (list.length > 0) log(`${formatText(list, { color: options.color === true, getSource })}\n${formatSummary(list, pageCount)}`);
    if (text === '' && wasBad) log('All problems fixed.');
  };

  /**
   * Changes no finished build has read yet, beyond those a quick edit took:
   * a quick edit is made against the last build's model, so every one of
   * them must be quick too (each file is compared as it is now), and the
   * first build (or a viewer change) allows none.
   */
  let unsettled = { files: new Set<string>(), all: true };

  /**
   * The screen first: when every changed file is a page whose edit leaves
   * the site model as it was, its chunk and HTML are made alone, served, and
   * sent to the tabs with the chunk in the event; the full build after it
   * brings the rest up to date (requests for the rest wait for it). One
   * changed page may also change its title, headers, anchors or links (the
   * engine makes its chunk against the last model with its entry replaced).
   * Undefined when the changes need the full build first; else the files
   * whose edit changed the model (a quick edit after it, before the build,
   * must make them again: it is made against the last build's model too).
   */
  const quickPass = async (files: readonly string[]): Promise<{ changedModel: string[] } | undefined> => {
    if (!engine.quick || files.length === 0 || unsettled.all || !bundle || base === undefined || !snapshot) return undefined;
    const started = performance.now();
    const edits: QuickEdit[] = [];
    const changedModel: string[] = [];
    for (const file of files) {
      // One page at a time through the viewer's run (its output is shared), the rest of the last one made first.
      await edits.at(-1)?.files.catch(() => undefined);
      const edit = await engine.quick(config, file, { modelEdit: files.length === 1 });
      if (!edit) {
        await Promise.all(edits.map((e) => e.files.catch(() => undefined)));
        return undefined;
      }
      edits.push(edit);
      if (edit.changesModel) changedModel.push(file);
    }
    // The chunks first: served at once, and in the event, so the tabs show the edit without a fetch.
    source.patch(new Map(edits.map((e) => [e.chunk.name, e.chunk.content])));
    builds += 1;
    const update: SiteUpdate = { build: builds, pages: edits.map((e) => ({ path: e.path, chunk: e.chunk.name, content: e.chunk.content })), removed: [], site: false, reload: false, quick: true };
    hub.send('update', update);
    // The build after this compares with what the tabs now show.
    snapshot = { ...snapshot, shown: new Map([...(snapshot.shown ?? []), ...edits.map((e): [string, string] => [e.path, e.chunk.name])]) };
    log(`Updated in ${Math.round(performance.now() - started)} ms: ${edits.length} page(s) changed${changedModel.length > 0 ? ' (its title, headers or links)' : ''}; the site-wide files follow.`);
    // Then the pages' HTML (a reload), made after the event: until it is served, a request for it waits like any stale file.
    const tag = devScriptOf(bundle, base);
    const documents = new Map<string, string | Uint8Array>();
    for (const edit of edits) for (const [name, content] of await edit.files) if (name.endsWith('.html')) documents.set(name, devDocument(content, tag));
    source.patch(documents);
    return { changedModel };
  };

  /**
   * After a build that failed: the last good build is served whole again,
   * any quick edit's files taken back, as the tabs take back its page (they
   * re-read the route data after a quick edit's event, and get that build's).
   * The next update is then the difference from that build: an edit the
   * tabs showed and took back is sent again once a build accepts it.
   */
  const keepLastGood = () => {
    source.settle();
    if (snapshot?.shown) {
      const { shown: _takenBack, ...lastGood } = snapshot;
      snapshot = lastGood;
    }
  };

  /** One full pass: (re-)bundle the dev client if needed, build, swap the served files, tell the browsers. */
  const rebuildOnce = async (signal: AbortSignal) => {
    const started = performance.now();
    if (viewerStale && base !== undefined) {
      // Cleared first: a viewer change while it bundles asks for another bundle.
      viewerStale = false;
      bundle = await bundleDevClient(base).catch((error: unknown) => {
        viewerStale = true;
        throw error;
      });
    }
    const seen = changeCount;
    const result = await engine.build(config, signal);
    // Done, but a change came after it began to read the tree (a quick edit may be on screen): it gives way to the next.
    if (changeCount !== seen) throw new StaleBuild();
    watcher.watchFolders(result.importedFiles.map((file) => path.dirname(file)));
    const manifest = result.manifest;
    if (manifest && !hasErrors(result.diagnostics)) {
      if (manifest.site.base !== base || !bundle) {
        bundle = await bundleDevClient(manifest.site.base);
        base = manifest.site.base;
        staticHandler = createStaticHandler({ source, base, compression: 'fast' });
      }
      const served = withDevClient(result.files, bundle, base);
      source.update(served.files, served.form, result.deferred);
      const next: BuildSnapshot = { manifest, redirects: String(result.files.get('redirects.json') ?? ''), viewerKey: viewerKeyOf(result.files, bundle) };
      const update = siteUpdate(snapshot, next, builds + 1);
      snapshot = next;
      if (update) {
        builds = update.build;
        hub.send('update', update);
        const ms = Math.round(performance.now() - started);
        const what = update.reload ? 'viewer changed, reloading' : `${update.pages.length} page(s) changed${update.site ? ', site config changed' : ''}`;
        log(`Rebuilt in ${ms} ms: ${what}.`);
      }
    } else {
      keepLastGood();
    }
    failures.reset();
    publishDiagnostics(result.diagnostics, result.pageCount, undefined, result.baseline);
  };
  /**
   * A build that throws (a viewer source that does not bundle, or a bug)
   * keeps the last good build served, says why every time (a repeat with
   * its count), and never ends rebuilding: the next change builds again,
   * with a fresh highlighter in case the failure was inside it.
   */
  const rebuild = async (signal: AbortSignal): Promise<boolean> => {
    try {
      await rebuildOnce(signal);
      return true;
    } catch (error) {
      // Stopped for a newer change: the pass after it builds again.
      if (signal.aborted || error instanceof StaleBuild) return false;
      keepLastGood();
      engine.release();
      const message = `The site could not be built: ${(error as Error).message}`;
      log(failures.line(message));
      try {
        publishDiagnostics([], 0, message);
      } catch {
        // The terminal line above is the report.
      }
      return true;
    }
  };

  /**
   * One pass over the changes since the last: the quick edit when they
   * allow one, then a full build. The quick part of a pass does not wait
   * for the build in flight, which the change stopped (it gives way at its
   * next stage or batch of pages, but not inside one, such as reading the
   * tree): at 10,000 pages that wait would be the edit's whole time. The
   * stopped build publishes nothing; the pass's own build follows it.
   */
  const pass = async (changedFiles: readonly string[]) => {
    if (closed) return;
    const files = [...new Set([...unsettled.files, ...changedFiles])];
    const quick = await quickPass(files).catch(() => undefined);
    const covers = { files: new Set(quick ? quick.changedModel : files), all: unsettled.all };
    unsettled = covers;
    const controller = new AbortController();
    building = controller;
    const previous = buildLane;
    buildLane = (async () => {
      await previous;
      if (quick) await quietFor(quietMs, controller.signal);
      if (controller.signal.aborted) return;
      const finished = await rebuild(controller.signal);
      // Changes during the build stopped it: with it finished, what it read is settled.
      if (finished && unsettled === covers) unsettled = { files: new Set(), all: false };
    })();
  };

  // Measured: Node's writeFile is two events (truncate, write), 0.1-5.5 ms apart with the machine loaded (load 15);
  // again at load 10: 0.15 ms apart in the median, 0.5 ms at the 99th percentile, 3.5 ms at most (200 writes).
  // A pass that comes between them reads an empty page, which is no quick edit, and the write's pass follows.
  const debounceMs = options.debounceMs ?? 4;
  const quietMs = options.quietMs ?? 500;
  let timer: NodeJS.Timeout | undefined;
  /** The passes' quick parts, one at a time, in order; and the full build in flight (one at a time too). */
  let quickLane: Promise<void> = Promise.resolve();
  let buildLane: Promise<void> = Promise.resolve();
  let building: AbortController | undefined;
  let closed = false;
  /** Counts change events: a build that saw one arrive after it started publishes nothing. */
  let changeCount = 0;
  const changed = new Set<string>();
  const run = () => {
    timer = undefined;
    const files = [...changed];
    changed.clear();
    quickLane = quickLane.then(() => pass(files));
  };
  const onChange = (file: string) => {
    changeCount++;
    changed.add(file);
    if (file.startsWith(VIEWER_DIR)) {
      viewerStale = true;
      unsettled.all = true;
    }
    // The build in flight read the tree before this change: it is stale, and stops.
    building?.abort();
    clearTimeout(timer);
    timer = setTimeout(run, debounceMs);
  };
  /** Until every pass started so far has built. */
  const settled = async () => {
    for (let lanes = [quickLane, buildLane]; ; lanes = [quickLane, buildLane]) {
      await Promise.all(lanes).catch(() => undefined);
      if (lanes[0] === quickLane && lanes[1] === buildLane) return;
    }
  };

  const handler = async (request: IncomingMessage, response: ServerResponse) => {
    const pathname = (request.url ?? '/').split(/[?#]/, 1)[0] ?? '/';
    const dev = new RegExp(`/${DEV_SEGMENT}/([\\w.-]+)$`).exec(pathname);
    if (dev?.[1] === 'events') {
      hub.connect(request, response, (send) => {
        send('hello', { server: serverId, build: builds });
        send('diagnostics', diagnostics);
      });
      return;
    }
    if (dev?.[1] === 'waiting.js') {
      response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }).end(WAITING_SCRIPT);
      return;
    }
    if (!staticHandler) {
      // No good build yet: a page that shows the diagnostics and reloads once the site builds.
      response.writeHead(503, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' }).end(WAITING_PAGE);
      return;
    }
    await staticHandler(request, response);
  };

  // Listen first (a port in use fails at once), watch, then build: a change during the first build makes a second.
  const http = await listen(options, handler);
  // The content folders a build reads (source/content-folders.ts): a VuePress tree's .vuepress/ (its config) too, not the output
  // folder when it lies in the content folder (a CLI build writing it is no edit).
  const output = outputInContent(config.contentDir, config.outDir);
  const content: WatchedTree = { root: config.contentDir, takes: (relative) => isReadFolder(relative, output) };
  watcher = watchTrees([content, ...((options.watchViewer ?? !VIEWER_INSTALLED) ? [{ root: VIEWER_DIR }] : [])], onChange);
  run();
  await settled();
  return {
    ...http,
    get url() {
      return `${http.origin}${base ?? '/'}`;
    },
    async close() {
      closed = true;
      watcher.close();
      clearTimeout(timer);
      building?.abort();
      hub.close();
      await settled();
      source.settle();
      engine.release();
      await http.close();
    },
  };
}

/** Waits `ms`, or less if the signal stops the wait. */
function quietFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });
}

/** A build that a change overtook: its files are not served. */
class StaleBuild extends Error {}

/** The viewer's code and styles as the browser loads them: the dev entry and the production stylesheets. */
function viewerKeyOf(files: ReadonlyMap<string, unknown>, bundle: DevBundle): string {
  const styles = [...files.keys()].filter((n) => /^assets\/[^/]+\.css$/.test(n)).sort();
  return [bundle.script, ...styles].join('|');
}


/** The line for a failure: a repeat of the last one says so, with its count, so a stuck state is visible rather than silent. */
function repeatCounter() {
  let last = '';
  let count = 0;
  return {
    line(message: string): string {
      count = message === last ? count + 1 : 1;
      last = message;
      return count === 1 ? message : `${message} (${count} times in a row)`;
    },
    reset() {
      last = '';
      count = 0;
    },
  };
}
