import { Suspense } from 'react';
import { HydratedMark } from '../layout-hydrated';
import type { Header } from '../../schema/manifest';
import type { ActiveSlug } from '../active-slug';
import type { SearchContext } from '../search/engine';
import { MAIN_ELEMENT_ID, type ShellSite, type View } from '../view';
import { Footer } from './Footer';
import { LoadError } from './LoadError';
import { NotFound } from './NotFound';
import { OnThisPage } from './OnThisPage';
import { PageView } from './PageView';
import { ProgressBar } from './ProgressBar';
import { Sidebar, wholeTree, type SidebarPieces, type SidebarSource } from './Sidebar';
import { TopBar } from './TopBar';

export type { SidebarSource } from './Sidebar';

export interface LayoutProps {
  site: ShellSite;
  sidebar: SidebarSource;
  /** Where a big site's sidebar groups come from when opened (the route data). */
  sidebarPieces?: SidebarPieces;
  view: View;
  showProgress: boolean;
  sidebarOpen: boolean;
  /** The header in view (absent when prerendering). */
  active?: ActiveSlug;
  onToggleSidebar?: () => void;
  onCloseSidebar?: () => void;
  onRetry?: () => void;
  /** The 404 shell: its not-found text is for readers without JavaScript only (the app resolves the path first). */
  shell?: boolean;
  /** Route table and chunk cache for search (the app's; absent when prerendering). */
  search?: SearchContext;
}

const NO_HEADERS: readonly Header[] = [];
const NO_SIDEBAR: SidebarSource = wholeTree([]);

/**
 * The one layout of every route: banner, sidebar navigation, main, "on this
 * page" and the footer. While the drawer is open on a phone, everything but
 * the drawer and its menu button is inert.
 */
export function Layout({ site, sidebar, sidebarPieces, view, showProgress, sidebarOpen, active, onToggleSidebar, onCloseSidebar, onRetry, shell, search }: LayoutProps) {
  const page = view.kind === 'page' ? view.page : undefined;
  const currentPath = page?.path ?? (view.kind === 'error' ? view.path : undefined);
  const headers = page?.headers ?? NO_HEADERS;
  const inert = sidebarOpen || undefined;
  const withoutNav = page?.navbar === false;
  // Frontmatter `sidebar: auto` (VuePress): the page alone, its sections under it; `sidebar: false`: none.
  const items: SidebarSource =
    page?.sidebarMode === 'auto' ? wholeTree([{ type: 'page', path: page.path, title: page.title }]) : page?.sidebarMode === false ? NO_SIDEBAR : sidebar;
  // One Suspense boundary around it all: React hydrates a boundary after the root, in slices of a few
  // milliseconds instead of one long task (a click or key press before then hydrates it at once).
  return (
    <Suspense>
      <a className="skip-link" href={`#${MAIN_ELEMENT_ID}`} inert={inert}>
        Skip to content
      </a>
      {showProgress && <ProgressBar />}
      <TopBar site={site} currentPath={currentPath} sidebarOpen={sidebarOpen} onToggleSidebar={onToggleSidebar} search={search} withoutNav={withoutNav} />
      {sidebarOpen && <div className="backdrop" onClick={() => onCloseSidebar?.()} />}
      <Sidebar site={site} items={items} currentPath={currentPath} branch={view.kind === 'page' ? view.page.sidebar : undefined} pieces={sidebarPieces} headers={headers} headerDepth={page?.sidebarDepth ?? 1} active={active} open={sidebarOpen} withoutNav={withoutNav} withoutEntries={page?.sidebarMode === false} />
      {/* A grid whose columns do not depend on what has arrived: the text never moves when "on this page" comes in. */}
      <div className="page-wrap" inert={inert}>
        <main id={MAIN_ELEMENT_ID} tabIndex={-1}>
          {view.kind === 'page' && <PageView site={site} page={view.page} html={view.html} />}
          {view.kind === 'not-found' &&
            (shell ? (
              <noscript>
                <NotFound base={site.base} />
              </noscript>
            ) : (
              <NotFound base={site.base} path={view.path} />
            ))}
          {view.kind === 'error' && <LoadError error={view.error} title={view.title} timeoutMs={view.timeoutMs} onRetry={onRetry} />}
        </main>
        {/*
          The column is there even when empty, so the text does not move between pages. Its list is a
          Suspense boundary: React hydrates it after the rest, in slices, so the first hydration stays short.
        */}
        <div className="aside">
          <Suspense>
            <OnThisPage headers={headers} active={active} />
            <HydratedMark />
          </Suspense>
        </div>
        <Footer site={site} />
      </div>
    </Suspense>
  );
}
