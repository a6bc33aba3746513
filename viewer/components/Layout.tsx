import type { Header, SiteRecord } from '../../schema/manifest';
import type { SearchContext } from '../search/engine';
import { MAIN_ELEMENT_ID, type View } from '../view';
import { LoadError } from './LoadError';
import { NotFound } from './NotFound';
import { OnThisPage } from './OnThisPage';
import { PageView } from './PageView';
import { ProgressBar } from './ProgressBar';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

export interface LayoutProps {
  site: SiteRecord;
  view: View;
  showProgress: boolean;
  sidebarOpen: boolean;
  activeSlug?: string;
  onToggleSidebar?: () => void;
  onCloseSidebar?: () => void;
  onRetry?: () => void;
  /** The 404 shell: its not-found text is for readers without JavaScript only (the app resolves the path first). */
  shell?: boolean;
  /** Route table and chunk cache for search (the app's; absent when prerendering). */
  search?: SearchContext;
}

const NO_HEADERS: readonly Header[] = [];

/** The one layout of every route: banner, sidebar navigation, main, and "on this page". */
export function Layout({ site, view, showProgress, sidebarOpen, activeSlug, onToggleSidebar, onCloseSidebar, onRetry, shell, search }: LayoutProps) {
  const page = view.kind === 'page' ? view.page : undefined;
  const currentPath = page?.path ?? (view.kind === 'error' ? view.path : undefined);
  const headers = page?.headers ?? NO_HEADERS;
  return (
    <>
      <a className="skip-link" href={`#${MAIN_ELEMENT_ID}`}>
        Skip to content
      </a>
      {showProgress && <ProgressBar />}
      <TopBar site={site} currentPath={currentPath} sidebarOpen={sidebarOpen} onToggleSidebar={onToggleSidebar} search={search} />
      {sidebarOpen && <div className="backdrop" onClick={onCloseSidebar} />}
      <Sidebar site={site} currentPath={currentPath} headers={headers} activeSlug={activeSlug} open={sidebarOpen} />
      <div className="page-wrap">
        <main id={MAIN_ELEMENT_ID} tabIndex={-1}>
          {view.kind === 'page' && <PageView page={view.page} html={view.html} base={site.base} />}
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
        {/* The column is there even when empty, so the text does not move between pages. */}
        <div className="aside">
          <OnThisPage headers={headers} activeSlug={activeSlug} />
        </div>
      </div>
    </>
  );
}
