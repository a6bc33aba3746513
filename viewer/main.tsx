import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { createChunkLoader } from './chunk-loader';
import { viewerOverrides } from './overrides';
import { hrefOf, resolvePath, sitePathOf } from './router';
import { createSiteDataSource } from './site-data';
import { applyTheme, storedTheme } from './theme';
import { APP_ELEMENT_ID, BOOT_ELEMENT_ID, MAIN_ELEMENT_ID, chunkOf, type BootData } from './view';
import './styles/index.css';

/**
 * Start-up: the prerendered page is already readable. Fetch the route table
 * (pages.json is preloaded by the HTML), then either hydrate the page as it
 * is, reusing its HTML instead of re-fetching its chunk, or, in the 404 shell,
 * render the app, which resolves redirects and path variants itself.
 */
async function start(): Promise<void> {
  applyTheme(document.documentElement, storedTheme(safeStorage()));
  const container = document.getElementById(APP_ELEMENT_ID);
  const bootText = document.getElementById(BOOT_ELEMENT_ID)?.textContent;
  if (!container || !bootText) return;
  const boot = JSON.parse(bootText) as BootData;

  let data;
  try {
    data = await createSiteDataSource(boot.base).load();
  } catch {
    // A prerendered page stays readable, with plain links; only the shell needs saying something.
    if (!boot.page) showStartFailure();
    return;
  }
  const { manifest, routes } = data;
  const site = manifest.site;
  const timeoutMs = viewerOverrides(window).loadTimeoutMs ?? site.viewer.loadTimeoutMs;
  const loader = createChunkLoader({ base: site.base, timeoutMs });
  const sitePath = sitePathOf(window.location.pathname, site.base);
  const resolution = sitePath === undefined ? undefined : resolvePath(sitePath, routes);
  const props = { site, routes, loader, timeoutMs };

  if (boot.page && resolution?.kind === 'page' && resolution.page.path === boot.page.path) {
    const html = container.querySelector('[data-page-html]')?.innerHTML ?? '';
    loader.seed(boot.page.chunk, chunkOf(boot.page, html));
    // /docs/limits, /docs/limits.html, /docs/limits/index.html: the same page, shown under its own address.
    const canonical = new URL(`${hrefOf(site.base, boot.page.path)}${window.location.search}${window.location.hash}`, window.location.href);
    if (canonical.href !== window.location.href) history.replaceState(history.state, '', canonical);
    hydrateRoot(container, <App {...props} initialView={{ kind: 'page', page: boot.page, html }} resolveOnMount={false} />);
  } else {
    createRoot(container).render(<App {...props} initialView={{ kind: 'pending' }} resolveOnMount />);
  }
}

function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function showStartFailure(): void {
  const main = document.getElementById(MAIN_ELEMENT_ID);
  if (!main) return;
  const message = document.createElement('p');
  message.setAttribute('role', 'alert');
  message.className = 'load-error';
  message.textContent = 'The documentation index could not be loaded. Check your connection and reload the page.';
  main.replaceChildren(message);
}

void start();
