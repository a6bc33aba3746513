export type Theme = 'light' | 'dark';

import { STORAGE_KEY } from '../shared/theme-script';

export { STORAGE_KEY, THEME_SCRIPT } from '../shared/theme-script';

/** The reader's explicit choice, if any; without one the site follows the system. */
export function storedTheme(storage: Pick<Storage, 'getItem'> | undefined): Theme | undefined {
  try {
    const value = storage?.getItem(STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : undefined;
  } catch {
    return undefined; // storage can be disabled; the system theme still works
  }
}

/** `data-theme` on <html> overrides the system scheme in the CSS (`color-scheme` + `light-dark()`). */
export function applyTheme(root: HTMLElement, theme: Theme | undefined): void {
  if (theme) root.dataset.theme = theme;
  else delete root.dataset.theme;
}

/** Whether dark is in effect: the reader's choice, else the system's. */
export function isDark(win: Window): boolean {
  const chosen = win.document.documentElement.dataset.theme;
  return chosen ? chosen === 'dark' : win.matchMedia('(prefers-color-scheme: dark)').matches;
}

/**
 * Flips the theme in effect. Choosing what the system already prefers drops
 * the override, so the site follows the system again.
 */
export function toggleTheme(win: Window): Theme {
  const root = win.document.documentElement;
  const systemDark = win.matchMedia('(prefers-color-scheme: dark)').matches;
  const next: Theme = isDark(win) ? 'light' : 'dark';
  const followsSystem = (next === 'dark') === systemDark;
  applyTheme(root, followsSystem ? undefined : next);
  try {
    if (followsSystem) win.localStorage.removeItem(STORAGE_KEY);
    else win.localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // Without storage the choice lasts until the next full page load.
  }
  return next;
}
