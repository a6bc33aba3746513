import { describe, expect, it } from 'vitest';
import { applyTheme, isDark, storedTheme, THEME_SCRIPT, toggleTheme } from '../../../viewer/theme';

/** Just enough of a window for the theme functions. */
function fakeWindow(systemDark: boolean, stored?: string) {
  const store = new Map<string, string>(stored ? [['docsbuild-theme', stored]] : []);
  const root = { dataset: {} as Record<string, string | undefined> };
  const win = {
    document: { documentElement: root },
    matchMedia: () => ({ matches: systemDark }),
    localStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    },
  };
  return { win: win as unknown as Window, root, store };
}

describe('viewer/theme', () => {
  it('storedTheme reads only light or dark, and survives a storage that throws', () => {
    expect(storedTheme(fakeWindow(false, 'dark').win.localStorage)).toBe('dark');
    expect(storedTheme(fakeWindow(false, 'purple').win.localStorage)).toBeUndefined();
    expect(storedTheme(undefined)).toBeUndefined();
    expect(
      storedTheme({
        getItem() {
          throw new Error('denied');
        },
      }),
    ).toBeUndefined();
  });

  it('applyTheme sets or clears data-theme', () => {
    const { root } = fakeWindow(false);
    applyTheme(root as unknown as HTMLElement, 'dark');
    expect(root.dataset.theme).toBe('dark');
    applyTheme(root as unknown as HTMLElement, undefined);
    expect(root.dataset.theme).toBeUndefined();
  });

  it('toggleTheme flips the theme in effect, storing a choice that differs from the system', () => {
    const { win, root, store } = fakeWindow(false);
    expect(toggleTheme(win)).toBe('dark');
    expect(root.dataset.theme).toBe('dark');
    expect(store.get('docsbuild-theme')).toBe('dark');
    // Back to what the system prefers: the override goes, the site follows the system again.
    expect(toggleTheme(win)).toBe('light');
    expect(root.dataset.theme).toBeUndefined();
    expect(store.has('docsbuild-theme')).toBe(false);
  });

  it('toggleTheme starts from the system theme when there is no choice', () => {
    const { win, root } = fakeWindow(true);
    expect(toggleTheme(win)).toBe('light');
    expect(root.dataset.theme).toBe('light');
  });

  it('isDark reads the choice, else the system', () => {
    const light = fakeWindow(false);
    expect(isDark(light.win)).toBe(false);
    light.root.dataset.theme = 'dark';
    expect(isDark(light.win)).toBe(true);
    const dark = fakeWindow(true);
    expect(isDark(dark.win)).toBe(true);
    dark.root.dataset.theme = 'light';
    expect(isDark(dark.win)).toBe(false);
  });

  it('THEME_SCRIPT (inline in <head>) applies a stored choice, ignores anything else, and survives storage that throws', () => {
    const run = (storage: { getItem(key: string): string | null }) => {
      const root = { dataset: {} as Record<string, string> };
      new Function('localStorage', 'document', THEME_SCRIPT)(storage, { documentElement: root });
      return root.dataset.theme;
    };
    expect(run({ getItem: (key) => (key === 'docsbuild-theme' ? 'dark' : null) })).toBe('dark');
    expect(run({ getItem: () => 'light' })).toBe('light');
    expect(run({ getItem: () => 'purple' })).toBeUndefined();
    expect(run({ getItem: () => null })).toBeUndefined();
    expect(
      run({
        getItem: () => {
          throw new Error('SecurityError');
        },
      }),
    ).toBeUndefined();
  });
});
