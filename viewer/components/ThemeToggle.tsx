import { toggleTheme } from '../theme';
import { ThemeIcon } from './icons';

/** Switches between light and dark; the site follows the system until the reader picks. */
export function ThemeToggle() {
  return (
    <button type="button" className="icon-button theme-toggle" aria-label="Toggle dark mode" title="Toggle dark mode" onClick={() => toggleTheme(window)}>
      <ThemeIcon />
    </button>
  );
}
