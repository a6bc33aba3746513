import { flushSync } from 'react-dom';
import { App } from '../App';
import { createChunkLoader } from '../chunk-loader';
import { addCopyButtons } from '../copy-code';
import { applyHead, headFor } from '../../shared/head';
import { viewerOverrides } from '../overrides';
import { mountApp } from '../mount';
import type { Manifest, PageChunk } from '../../schema/manifest';
import { MANIFEST_FILE } from '../../shared/output-names';
import type { SidebarTree } from '../components/Sidebar';
import { createRouteData, type RouteData } from '../route-data';
import { sitePathOf } from '../router';
import { APP_ELEMENT_ID, BOOT_ELEMENT_ID, metaOf, shellOf, type BootData, type View } from '../view';
import { showDiagnostics, type DiagnosticsPayload } from './overlay';
import { quickChunks } from './quick-chunks';

/**
 * The viewer as `docsbuild dev` serves it (never in `docsbuild build`
 * output): the same start-up as viewer/main.tsx, plus live updates. On an
 * `update` event it re-reads the route table and re-renders the current page
 * in place, keeping the scroll position; a `diagnostics` event shows or
 * clears the overlay. Styles come from the production stylesheet the page
 * already links.
 */

/** The `update` event's data (see cli/serve/changes.ts). */
interface SiteUpdate {
  build: number;
  /** From a quick edit, each page's chunk comes with it (`content`), so the page shows without a fetch. */
  pages: { path: string; chunk: string; content?: string }[];
  removed: string[];
  site: boolean;
  reload: boolean;
  /** Only these pages' chunks changed yet: the route data and pages.json follow with the server's next build. */
  quick?: boolean;
}

declare global {
  interface Window {
    /**
     * For tests and timing: when the last event arrived and when its update was on screen (Date.now()),
     * the last update whose route data the app has (a quick edit's arrives after it is on screen), and how the last one
     * was first shown: its page's HTML replaced alone, or the app rendered again.
     */
    __DOCSBUILD_DEV__?: { build: number; eventAt?: number; renderedAt?: number; routesOf?: number; shownBy?: 'patch' | 'render' };
  }
}

async function start(): Promise<void> {
  const container = document.getElementById(APP_ELEMENT_ID);
  const bootText = document.getElementById(BOOT_ELEMENT_ID)?.textContent;
  if (!container || !bootText) return;
  const boot = JSON.parse(bootText) as BootData;
  const base = boot.base;
  // Revalidate on every read: in dev routes.json and pages.json change under the same names.
  const noCache: typeof fetch = (input, init) => fetch(input, { ...init, cache: 'no-cache' });
  const loadSite = async (): Promise<Manifest> => (await (await noCache(`${base}${MANIFEST_FILE}`)).json()) as Manifest;
  /** The site record (pages.json: site.yaml may have changed), the route data and the sidebar with `branch` in, together. */
  const load = async (branch: readonly string[]) => {
    const routes = createRouteData(base, noCache);
    const [manifest, sidebar] = await Promise.all([loadSite(), routes.sidebar(branch)]);
    return { manifest, routes, sidebar };
  };

  let data: { manifest: Manifest; routes: RouteData; sidebar: SidebarTree } = await load(boot.page?.sidebar ?? []);
  const timeoutMs = viewerOverrides(window).loadTimeoutMs ?? data.manifest.site.viewer.loadTimeoutMs;
  // One loader for the session: chunk names are content hashes, so a cached chunk is never stale.
  const quick = quickChunks(createChunkLoader({ base, timeoutMs }));
  const loader = quick.loader;
  let generation = 0;
  const app = (view: View, resolveOnMount: boolean) => {
    const current = data;
    return (
      <App
        key={generation}
        site={shellOf(current.manifest.site)}
        sidebar={current.sidebar}
        routes={current.routes}
        loader={loader}
        timeoutMs={timeoutMs}
        initialView={view}
        resolveOnMount={resolveOnMount}
      />
    );
  };
  const root = mountApp(container, boot, loader, app);

  const state = (window.__DOCSBUILD_DEV__ = { build: 0 } as NonNullable<Window['__DOCSBUILD_DEV__']>);
  let queue = Promise.resolve();
  const events = new EventSource(`${base}__docsbuild/events`);
  events.addEventListener('update', (event) => {
    state.eventAt = Date.now();
    const update = JSON.parse((event as MessageEvent<string>).data) as SiteUpdate;
    if (update.reload) {
      window.location.reload();
      return;
    }
    // A quick edit of this page is shown at once, from the chunk in the event; the route data is re-read after (the server answers once its build is done).
    if (update.quick) void showQuick(update).catch(() => window.location.reload());
    // One update at a time, in order: a fast second save must not be overtaken by the first.
    queue = queue.then(() => applyUpdate(update)).catch(() => window.location.reload());
  });
  let server: string | undefined;
  events.addEventListener('hello', (event) => {
    const hello = JSON.parse((event as MessageEvent<string>).data) as { server: string };
    // EventSource reconnected to a restarted dev server: what is on screen may be stale.
    if (server !== undefined && hello.server !== server) window.location.reload();
    server = hello.server;
  });
  events.addEventListener('diagnostics', (event) => {
    showDiagnostics(document, JSON.parse((event as MessageEvent<string>).data) as DiagnosticsPayload);
  });

  /**
   * A quick edit's chunks, from its event: each stands in for the page's
   * old chunk too, which the route data in use names until the update after
   * it replaces that (a click meanwhile must not show the old text; see
   * quick-chunks.ts). The current page is shown at once, with the sidebar
   * branch it had.
   */
  async function showQuick(update: SiteUpdate): Promise<void> {
    const here = sitePathOf(window.location.pathname, base);
    let current: { path: string; chunk: string; data: PageChunk; shown?: Promise<PageChunk> } | undefined;
    for (const page of update.pages) {
      if (page.content === undefined) continue;
      const chunk = JSON.parse(page.content) as PageChunk;
      const known = data.routes.peek(page.path) ?? (page.path === here ? await data.routes.resolve(here) : undefined);
      // What the tab shows of this page now (a chunk on the page or fetched is in the loader), taken before it is replaced.
      const shown = page.path === here && known?.kind === 'page' ? loader.load(known.page.chunk) : undefined;
      loader.seed(page.chunk, chunk);
      if (known?.kind === 'page') quick.standIn(known.page.chunk, page.chunk, update.build);
      if (page.path === here) current = { path: page.path, chunk: page.chunk, data: chunk, shown };
    }
    if (!current) return;
    if (patchText(current.data, await current.shown?.catch(() => undefined), update.build)) return;
    const found = await data.routes.resolve(current.path);
    const sidebar = found?.kind === 'page' ? found.page.sidebar : [];
    show({ kind: 'page', page: metaOf(current.data, current.chunk, sidebar), html: current.data.html }, update.build);
  }

  /** Re-reads the route table, loads the current page's (new) chunk, and swaps the app in place at the same scroll position. */
  async function applyUpdate(update: SiteUpdate): Promise<void> {
    const routes = createRouteData(base, noCache);
    const here = sitePathOf(window.location.pathname, base);
    const found = here === undefined ? undefined : await routes.resolve(here);
    const branch = found?.kind === 'page' ? found.page.sidebar : [];
    const [manifest, sidebar] = await Promise.all([loadSite(), routes.sidebar(branch)]);
    data = { manifest, routes, sidebar };
    // A quick edit whose build failed is taken back here: the route data is the last good build's.
    quick.routesOf(update.build);
    let view: View;
    if (found?.kind === 'page') {
      const chunk = await loader.load(found.page.chunk);
      view = { kind: 'page', page: metaOf(chunk, found.page.chunk, found.page.sidebar), html: chunk.html };
    } else {
      view = { kind: 'not-found', path: here };
    }
    // A quick edit after this update is on screen already: its own update follows in the queue.
    if (state.build > update.build) return;
    show(view, update.build);
    state.routesOf = update.build;
  }

  /**
   * The edit shown by replacing the page's HTML alone, when nothing else of
   * the page changed: remounting the app re-rendered its layout and sidebar
   * too (most of the time from the event to the screen). The app's own
   * render follows with the route data, with the same HTML.
   */
  function patchText(next: PageChunk, shown: PageChunk | undefined, build: number): boolean {
    const content = container!.querySelector<HTMLElement>('[data-page-html]');
    if (!content || !shown || !sameBesidesHtml(shown, next)) return false;
    content.innerHTML = next.html;
    // What PageView does for its HTML (its effect runs when the app renders the page again).
    addCopyButtons(content);
    if (content.querySelector('.code-group')) void import('../code-group').then(({ enhanceCodeGroups }) => enhanceCodeGroups(content));
    state.renderedAt = Date.now();
    state.shownBy = 'patch';
    state.build = build;
    document.documentElement.dataset.devBuild = String(build);
    return true;
  }

  /** Swaps the app in place with `view`, at the same scroll position. */
  function show(view: View, build: number): void {
    const y = window.scrollY;
    generation += 1;
    flushSync(() => root.render(app(view, false)));
    const site = data.manifest.site;
    applyHead(document, view.kind === 'page' ? headFor(site, { kind: 'page', ...view.page }, window.location.origin) : headFor(site, { kind: 'not-found' }));
    window.scrollTo(0, y);
    // A quick edit's page, shown again once the route data follows, was on screen the first time.
    if (state.build !== build) {
      state.renderedAt = Date.now();
      state.shownBy = 'render';
    }
    state.build = build;
    document.documentElement.dataset.devBuild = String(build);
  }
}

/** Two chunks alike but for their HTML (key order aside: a chunk rebuilt from the boot data has its own). */
function sameBesidesHtml(a: PageChunk, b: PageChunk): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  keys.delete('html');
  return [...keys].every((key) => JSON.stringify(a[key as keyof PageChunk]) === JSON.stringify(b[key as keyof PageChunk]));
}

void start();
