import { useEffect, useState } from 'react';
import { isDark, toggleTheme } from '../theme';
import { ThemeIcon } from './icons';

/**
 * Switches between light and dark; the site follows the system until the
 * reader picks. A toggle button: `aria-pressed` says whether dark is on
 * (false in the prerendered HTML, which cannot know; set once hydrated).
 */
export function ThemeToggle() {
  const [dark, setDark] = useState(false);
  useEffect(() => {
    const system = window.matchMedia('(prefers-color-scheme: dark)');
    const sync = () => setDark(isDark(window));
    sync();
    system.addEventListener('change', sync);
    return () => system.removeEventListener('change', sync);
  }, []);
  return (
    <button type="button" className="icon-button theme-toggle" aria-label="Dark theme" aria-pressed={dark} title="Dark theme" onClick={() => setDark(toggleTheme(window) === 'dark')}>
      <ThemeIcon />
    </button>
  );
}
