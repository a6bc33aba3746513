/**
 * Settings a test harness may set before the app starts
 * (`page.addInitScript(() => { window.__DOCSBUILD__ = { loadTimeoutMs: 500 } })`),
 * so a time-out test need not wait 120 s or edit site.yaml.
 */
export interface ViewerOverrides {
  loadTimeoutMs?: number;
}

declare global {
  interface Window {
    __DOCSBUILD__?: ViewerOverrides;
  }
}

export function viewerOverrides(win: Window): ViewerOverrides {
  const value = win.__DOCSBUILD__;
  return value && typeof value === 'object' ? value : {};
}
