import type { ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import type { ChunkLoader } from './chunk-loader';
import { hrefOf } from './router';
import { chunkOf, type BootData, type View } from './view';

/**
 * Puts the app on the page, the same way for the built site (main.tsx) and
 * `docsbuild dev` (dev/main.tsx), without waiting for the route table: the
 * HTML carries what hydration needs (BootData). A prerendered page is
 * hydrated as it is, its HTML reused instead of fetching its chunk, and
 * shown under its own address (/docs/limits, /docs/limits.html and
 * /docs/limits/index.html are one page). Otherwise (the 404 shell) the app
 * renders and resolves redirects and path variants itself once the route
 * table is in.
 */
export function mountApp(container: HTMLElement, boot: BootData, loader: ChunkLoader, app: (view: View, resolveOnMount: boolean) => ReactNode): Root {
  if (boot.page) {
    const html = container.querySelector('[data-page-html]')?.innerHTML ?? '';
    loader.seed(boot.page.chunk, chunkOf(boot.page, html));
    const canonical = new URL(`${hrefOf(boot.base, boot.page.path)}${window.location.search}${window.location.hash}`, window.location.href);
    if (canonical.href !== window.location.href) history.replaceState(history.state, '', canonical);
    return hydrateRoot(container, app({ kind: 'page', page: boot.page, html }, false));
  }
  const root = createRoot(container);
  root.render(app({ kind: 'pending' }, true));
  return root;
}
