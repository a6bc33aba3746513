import { App } from './App';
import { createChunkLoader } from './chunk-loader';
import { mountApp } from './mount';
import { viewerOverrides } from './overrides';
import { openDetailsForPrint } from './print-details';
import { createRouteData } from './route-data';
import { APP_ELEMENT_ID, BOOT_ELEMENT_ID, type BootData } from './view';
import './styles/index.css';

/**
 * Start-up: the prerendered page is already readable, and the stored theme
 * already applied (an inline script in <head>, see theme.ts). The route
 * data (routes.json, preloaded by the HTML, then this page's shard and its
 * branch of the sidebar) is fetched, but not waited for: the app hydrates
 * at once from the boot data, so the top bar, its menus, the theme toggle
 * and search work from the start. The sidebar tree and client-side
 * navigation take the route data when it arrives.
 */
function start(): void {
  openDetailsForPrint(window);
  const container = document.getElementById(APP_ELEMENT_ID);
  const bootText = document.getElementById(BOOT_ELEMENT_ID)?.textContent;
  if (!container || !bootText) return;
  const boot = JSON.parse(bootText) as BootData;
  const site = boot.site;
  const routes = createRouteData(site.base);
  // Started now; a failure is forgotten by the route data, so a later navigation or search asks again.
  const sidebar = routes.sidebar(boot.page?.sidebar ?? []).catch(
    // Without the route data the prerendered sidebar stays as it is: plain links that work.
    () => new Promise<never>(() => {}),
  );
  const timeoutMs = viewerOverrides(window).loadTimeoutMs ?? site.viewer.loadTimeoutMs;
  const loader = createChunkLoader({ base: site.base, timeoutMs });
  mountApp(container, boot, loader, (initialView, resolveOnMount) => (
    <App site={site} sidebar={sidebar} routes={routes} loader={loader} timeoutMs={timeoutMs} initialView={initialView} resolveOnMount={resolveOnMount} />
  ));
}

start();
