import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ChunkLoadError, type ChunkLoader } from './chunk-loader';
import { afterNewDeploy } from './page-loader';
import { applyHead, applyPageHead, headFor, type PageHead } from '../shared/head';
import { isPlainClick, linkUrl } from './links';
import { hrefOf, sitePathOf } from './router';
import type { RouteData, Resolution } from './route-data';
import { focusLost, scrollToTarget, type ScrollTarget } from './scroll-target';
import { metaOf, type ShellSite, type View } from './view';
import { layoutHydrated } from './layout-hydrated';

export interface NavigatorOptions {
  site: ShellSite;
  /** The route data: routes.json and the shards, fetched as paths need them (maybe not there yet when the reader first clicks). */
  routes: RouteData;
  loader: ChunkLoader;
  /** Chunk load time-out, shown in the timeout alert. */
  timeoutMs: number;
  initialView: View;
  /** The 404 shell: resolve the current URL (redirects, variants, not-found) once mounted. */
  resolveOnMount: boolean;
  /** Called when a navigation finishes, whatever its outcome (closes the drawer). */
  onNavigated: () => void;
  /** Loads faster than this show no progress bar. */
  progressDelayMs?: number;
}

export interface Navigator {
  view: View;
  showProgress: boolean;
  retry: () => void;
}

/** Our entries in history.state: a key for the scroll position, and the position itself across reloads. */
interface EntryState {
  key: string;
  scrollY?: number;
}

/** `start`: the 404 shell resolving the address it was loaded at (a `replace` that moves no focus). */
type Mode = 'push' | 'replace' | 'pop' | 'retry' | 'start';

const NO_META: PageHead['meta'] = [];

/** A view's language and meta tags: a page's own (frontmatter `lang`, `meta`), else the site's language and none. */
function pageHeadOf(site: ShellSite, view: View): PageHead {
  return view.kind === 'page' ? { lang: view.page.lang ?? site.lang, meta: view.page.meta ?? NO_META } : { lang: site.lang, meta: NO_META };
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/**
 * Client-side navigation: intercepts same-origin links under the base,
 * resolves them (redirects, path variants, not-found), loads the chunk,
 * keeps history, scroll positions, the head and the hash target right.
 */
export function useNavigator(options: NavigatorOptions): Navigator {
  const { site, loader, timeoutMs, onNavigated } = options;
  const base = site.base;
  const [view, setView] = useState<View>(options.initialView);
  const [loading, setLoading] = useState(false);
  const [showProgress, setShowProgress] = useState(false);
  const [rendered, setRendered] = useState(0);
  const viewRef = useRef(view);
  const token = useRef(0);
  const currentKey = useRef('');
  const positions = useRef(new Map<string, number>());
  const pendingScroll = useRef<ScrollTarget>({ kind: 'keep' });
  const quietFocus = useRef(false);
  const onNavigatedRef = useRef(onNavigated);
  onNavigatedRef.current = onNavigated;
  // The language and meta tags of the page the head was last set for (at first, the prerendered one's).
  const pageHead = useRef(pageHeadOf(site, options.initialView));
  // The route data in use, replaced when a new deploy made the tab fetch routes.json again (page-loader.ts).
  const routesRef = useRef(options.routes);

  const show = useCallback((next: View, scroll: ScrollTarget) => {
    pendingScroll.current = scroll;
    viewRef.current = next;
    setView(next);
    setRendered((n) => n + 1);
    onNavigatedRef.current();
  }, []);

  const navigate = useCallback(
    async (url: URL, mode: Mode) => {
      const id = ++token.current;
      quietFocus.current = mode === 'start';
      const sitePath = sitePathOf(url.pathname, base);
      if (sitePath === undefined) {
        window.location.assign(url.href);
        return;
      }
      // A click before the route data arrived waits for it; without it, the browser follows the link itself.
      const resolution: Resolution | undefined = await routesRef.current.resolve(sitePath).catch(() => undefined);
      if (id !== token.current) return;
      if (resolution?.kind === 'external') {
        window.location.assign(resolution.url);
        return;
      }
      if (!resolution) {
        // The 404 shell cannot resolve its own address without it: say so, with a retry. Elsewhere, a full load.
        if (url.href !== window.location.href) window.location.assign(url.href);
        else show({ kind: 'error', error: 'other', path: sitePath, title: site.title, description: site.description, timeoutMs }, { kind: 'keep' });
        return;
      }
      const target = resolution.kind === 'page' ? new URL(`${hrefOf(base, resolution.page.path)}${url.search}${url.hash}`, url) : url;
      const savedY = mode === 'pop' ? positions.current.get(currentKey.current) : undefined;
      if (mode === 'push') {
        positions.current.set(currentKey.current, window.scrollY);
        currentKey.current = newKey();
        history.pushState({ key: currentKey.current } satisfies EntryState, '', target);
      } else if (target.href !== window.location.href) {
        history.replaceState({ ...(history.state as EntryState | null), key: currentKey.current }, '', target);
      }
      const scroll: ScrollTarget =
        savedY !== undefined ? { kind: 'position', y: savedY } : target.hash ? { kind: 'hash', hash: target.hash } : mode === 'pop' || mode === 'retry' ? { kind: 'keep' } : { kind: 'top' };

      const shown = viewRef.current;
      if (resolution.kind === 'page' && mode !== 'retry' && shown.kind === 'page' && shown.page.path === resolution.page.path) {
        // Same page: only the hash (or nothing) changed.
        setLoading(false);
        onNavigatedRef.current();
        scrollToTarget(window, scroll.kind === 'keep' ? { kind: 'top' } : scroll, focusLost(document));
        return;
      }
      if (resolution.kind === 'not-found') {
        setLoading(false);
        show({ kind: 'not-found', path: sitePath }, { kind: 'top' });
        return;
      }
      let page = resolution.page;
      setLoading(true);
      try {
        const chunk = await loader.load(page.chunk).catch(async (error: unknown) => {
          if (!(error instanceof ChunkLoadError) || error.kind !== 'missing') throw error;
          // Chunk names change with each deploy: a missing one may only have been renamed.
          const fresh = await afterNewDeploy(sitePath, page, loader, base, (routes) => (routesRef.current = routes));
          page = fresh.page;
          return fresh.chunk;
        });
        if (id !== token.current) return;
        show({ kind: 'page', page: metaOf(chunk, page.chunk, page.sidebar), html: chunk.html }, scroll.kind === 'keep' ? { kind: 'top' } : scroll);
      } catch (error) {
        if (id !== token.current) return;
        const kind = error instanceof ChunkLoadError ? error.kind : 'other';
        if (kind === 'missing') show({ kind: 'not-found', path: sitePath }, { kind: 'top' });
        else show({ kind: 'error', error: kind, path: page.path, title: page.title, description: site.description, timeoutMs }, { kind: 'top' });
      } finally {
        if (id === token.current) setLoading(false);
      }
    },
    [base, site, loader, timeoutMs, show],
  );

  // After each navigation has rendered: head, then scroll (the hash target may have just arrived with the chunk).
  useLayoutEffect(() => {
    if (rendered === 0) return;
    const current = viewRef.current;
    if (current.kind === 'page' || current.kind === 'error') {
      const subject = current.kind === 'page' ? current.page : current;
      const metaTitle = current.kind === 'page' ? current.page.metaTitle : undefined;
      applyHead(document, headFor(site, { kind: 'page', title: subject.title, description: subject.description, path: subject.path, metaTitle }, window.location.origin));
    } else if (current.kind === 'not-found') {
      applyHead(document, headFor(site, { kind: 'not-found' }));
    }
    const nextHead = pageHeadOf(site, current);
    applyPageHead(document, pageHead.current, nextHead);
    pageHead.current = nextHead;
    const scroll = pendingScroll.current;
    pendingScroll.current = { kind: 'keep' };
    // A new page's heading takes the focus; so does a section's when the focus was lost on the way (a search result, the drawer).
    scrollToTarget(window, scroll, focusLost(document), quietFocus.current);
  }, [rendered, site]);

  // The progress bar waits a moment: a fast load never flashes it.
  useEffect(() => {
    if (!loading) {
      setShowProgress(false);
      return;
    }
    const timer = setTimeout(() => setShowProgress(true), options.progressDelayMs ?? 150);
    return () => clearTimeout(timer);
  }, [loading, options.progressDelayMs]);

  useEffect(() => {
    history.scrollRestoration = 'manual';
    const state = history.state as EntryState | null;
    currentKey.current = state?.key ?? newKey();
    if (!state?.key) history.replaceState({ ...(state ?? {}), key: currentKey.current } satisfies EntryState, '', window.location.href);
    else if (state.scrollY !== undefined && !window.location.hash) window.scrollTo(0, state.scrollY);

    const here = () => new URL(window.location.href);
    const onClick = (event: MouseEvent) => {
      const url = isPlainClick(event) ? linkUrl(event.target, here(), base) : undefined;
      if (!url) return;
      event.preventDefault();
      // A link to the URL we are on replaces the entry, as the browser does.
      void navigate(url, url.href === window.location.href ? 'replace' : 'push');
    };
    const onPop = (event: PopStateEvent) => {
      positions.current.set(currentKey.current, window.scrollY);
      const entry = event.state as EntryState | null;
      if (entry?.key) currentKey.current = entry.key;
      else {
        // An entry the browser made (a hash typed into the address bar): give it a key.
        currentKey.current = newKey();
        history.replaceState({ key: currentKey.current } satisfies EntryState, '', window.location.href);
      }
      if (entry?.scrollY !== undefined && !positions.current.has(currentKey.current)) positions.current.set(currentKey.current, entry.scrollY);
      void navigate(here(), 'pop');
    };
    // Hover prefetch: by the time the click lands, the chunk is often there.
    const onOver = (event: MouseEvent) => {
      const url = linkUrl(event.target, here(), base);
      const sitePath = url && sitePathOf(url.pathname, base);
      const resolution = sitePath === undefined ? undefined : routesRef.current.peek(sitePath);
      if (resolution?.kind === 'page') loader.prefetch(resolution.page.chunk);
    };
    // Keep the position in the entry itself, so a reload comes back to it.
    const onHide = () => {
      history.replaceState({ ...(history.state as EntryState | null), key: currentKey.current, scrollY: window.scrollY } satisfies EntryState, '');
    };
    document.addEventListener('click', onClick);
    document.addEventListener('mouseover', onOver);
    window.addEventListener('popstate', onPop);
    window.addEventListener('pagehide', onHide);
    if (options.resolveOnMount) void navigate(here(), 'start');
    // Hydrated: the controls work, and links are the app's (a click waits for the route table if it must).
    const root = document.documentElement;
    root.dataset.viewer = 'hydrated';
    // With routes.json and this page's shard in, and the whole layout hydrated, everything is (tests and tools wait for this).
    const start = sitePathOf(window.location.pathname, base);
    Promise.all([start === undefined ? routesRef.current.root() : routesRef.current.resolve(start), layoutHydrated]).then(() => {
      root.dataset.viewer = 'ready';
    }, () => undefined);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('mouseover', onOver);
      window.removeEventListener('popstate', onPop);
      window.removeEventListener('pagehide', onHide);
    };
    // Mounted once: navigate and the route table do not change during the app's life.
  }, []);

  const retry = useCallback(() => void navigate(new URL(window.location.href), 'retry'), [navigate]);
  return { view, showProgress, retry };
}
