import { App } from './App';
import { createChunkLoader } from './chunk-loader';
import { mountApp } from './mount';
import { viewerOverrides } from './overrides';
import { createSiteDataSource } from './site-data';
import { applyTheme, storedTheme } from './theme';
import { APP_ELEMENT_ID, BOOT_ELEMENT_ID, MAIN_ELEMENT_ID, type BootData } from './view';
import './styles/index.css';

/**
 * Start-up: the prerendered page is already readable. Fetch the route table
 * (pages.json is preloaded by the HTML), then put the app on the page
 * (mountApp: hydrate the prerendered page, or render the 404 shell's app).
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
  mountApp(container, boot, routes, loader, (initialView, resolveOnMount) => (
    <App site={site} routes={routes} loader={loader} timeoutMs={timeoutMs} initialView={initialView} resolveOnMount={resolveOnMount} />
  ));
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
