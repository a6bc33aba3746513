import { useCallback, useEffect, useMemo, useState } from 'react';
import type { SiteRecord } from '../schema/manifest';
import type { ChunkLoader } from './chunk-loader';
import { Layout } from './components/Layout';
import { useNavigator } from './navigator';
import type { RouteTable } from './router';
import { useScrollSpy } from './use-scroll-spy';
import type { View } from './view';

export interface AppProps {
  site: SiteRecord;
  routes: RouteTable;
  loader: ChunkLoader;
  timeoutMs: number;
  initialView: View;
  resolveOnMount: boolean;
}

/** The client app: the layout plus navigation, the drawer and the scroll spy. */
export function App({ site, routes, loader, timeoutMs, initialView, resolveOnMount }: AppProps) {
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const closeSidebar = useCallback(() => setSidebarOpen(false), []);
  const { view, showProgress, retry } = useNavigator({ site, routes, loader, timeoutMs, initialView, resolveOnMount, onNavigated: closeSidebar });
  const slugs = useMemo(() => (view.kind === 'page' ? view.page.headers.map((h) => h.slug) : []), [view]);
  const activeSlug = useScrollSpy(slugs, site.viewer.scrollSpyThrottleMs);
  const search = useMemo(() => ({ routes, loader }), [routes, loader]);

  useEffect(() => {
    if (!sidebarOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setSidebarOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [sidebarOpen]);

  return (
    <Layout
      site={site}
      view={view}
      showProgress={showProgress}
      sidebarOpen={sidebarOpen}
      activeSlug={activeSlug}
      onToggleSidebar={() => setSidebarOpen((open) => !open)}
      onCloseSidebar={closeSidebar}
      onRetry={retry}
      search={search}
    />
  );
}
