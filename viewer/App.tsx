import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createActiveSlug } from './active-slug';
import type { ChunkLoader } from './chunk-loader';
import { Layout, type SidebarSource } from './components/Layout';
import { useNavigator } from './navigator';
import type { RouteData } from './route-data';
import { useScrollSpy } from './use-scroll-spy';
import { SIDEBAR_ELEMENT_ID, type ShellSite, type View } from './view';

export interface AppProps {
  site: ShellSite;
  /** The sidebar tree: the route data's, a promise until it arrives (the prerendered tree is hydrated then). */
  sidebar: SidebarSource;
  /** The route data: routes.json, then the shards and sidebar pieces the reader's paths need. */
  routes: RouteData;
  loader: ChunkLoader;
  timeoutMs: number;
  initialView: View;
  resolveOnMount: boolean;
}

/** The drawer is a drawer below this width (layout.css); above it, the sidebar is always there. */
const DRAWER_QUERY = '(max-width: 959px)';

/** The client app: the layout plus navigation, the drawer and the scroll spy. */
export function App({ site, sidebar, routes, loader, timeoutMs, initialView, resolveOnMount }: AppProps) {
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const openRef = useRef(false);
  openRef.current = sidebarOpen;
  /**
   * Closes the drawer. Focus goes back to the menu button, except after a
   * navigation: then it leaves the drawer, and the navigator puts it on the
   * new page's heading.
   */
  const closeSidebar = useCallback((reason: 'dismiss' | 'navigation' = 'dismiss') => {
    if (!openRef.current) return;
    setSidebarOpen(false);
    const focused = document.activeElement;
    if (reason === 'navigation') {
      if (focused instanceof HTMLElement && focused.closest(`#${SIDEBAR_ELEMENT_ID}`)) focused.blur();
    } else {
      document.querySelector<HTMLElement>('.menu-button')?.focus();
    }
  }, []);
  const onNavigated = useCallback(() => closeSidebar('navigation'), [closeSidebar]);
  const { view, showProgress, retry } = useNavigator({ site, routes, loader, timeoutMs, initialView, resolveOnMount, onNavigated });
  const slugs = useMemo(() => (view.kind === 'page' ? view.page.headers.map((h) => h.slug) : []), [view]);
  const [active] = useState(createActiveSlug);
  useScrollSpy(slugs, site.viewer.scrollSpyThrottleMs, active);
  const search = useMemo(() => ({ routes, loader }), [routes, loader]);
  const sidebarPieces = useMemo(() => ({ loaded: routes.loadedPiece, load: routes.piece }), [routes]);

  useEffect(() => {
    if (!sidebarOpen) return;
    // A modal drawer: focus moves in (the rest of the page is inert, see Layout), Escape closes it.
    document.querySelector<HTMLElement>(`#${SIDEBAR_ELEMENT_ID} a[href]`)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeSidebar();
    };
    // Widened past the drawer's breakpoint: there is no drawer to close any more.
    const drawer = window.matchMedia(DRAWER_QUERY);
    const onWiden = () => {
      if (!drawer.matches) setSidebarOpen(false);
    };
    document.addEventListener('keydown', onKey);
    drawer.addEventListener('change', onWiden);
    return () => {
      document.removeEventListener('keydown', onKey);
      drawer.removeEventListener('change', onWiden);
    };
  }, [sidebarOpen, closeSidebar]);

  return (
    <Layout
      site={site}
      sidebar={sidebar}
      sidebarPieces={sidebarPieces}
      view={view}
      showProgress={showProgress}
      sidebarOpen={sidebarOpen}
      active={active}
      onToggleSidebar={() => (sidebarOpen ? closeSidebar() : setSidebarOpen(true))}
      onCloseSidebar={closeSidebar}
      onRetry={retry}
      search={search}
    />
  );
}
