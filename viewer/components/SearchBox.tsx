import { useEffect, type FocusEvent } from 'react';
import type { SearchContext } from '../search/engine';
import { isSearchShortcut } from '../search/shortcut';
import type { ShellSite } from '../view';
import { SearchIcon } from './icons';

/** The search panel's URL, set by the bundler (cli/bundle.ts builds the panel on its own). */
declare const __SEARCH_PANEL__: string;

/**
 * The search box of the top bar, a combobox. Only the box is in the first
 * load: the results panel, the engine and the index load when the reader
 * first focuses it (or presses / or Ctrl/⌘-K). The panel is plain DOM code
 * in a bundle of its own, not React: it shares nothing with the entry
 * script. This component is kept small for the same reason (the `/` hint
 * is CSS): the first-load budget has little room left. On a phone the box
 * is folded to its magnifier icon and unfolds over the top bar when focused (CSS).
 */
export function SearchBox({ site, context, inert }: { site: ShellSite; context?: SearchContext; inert?: boolean }) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      document.querySelector<HTMLInputElement>('.search-input')?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  const open = ({ currentTarget: input }: FocusEvent<HTMLInputElement>) => {
    // Once per box; a failed download is forgotten, so the next focus tries again.
    if (!context || input.dataset.search) return;
    input.dataset.search = 'open';
    const options = { site, context, input, host: input.parentElement!, openedAt: performance.now() };
    (import(__SEARCH_PANEL__) as Promise<typeof import('../search/panel')>).then((m) => m.mountSearchPanel(options)).catch(() => delete input.dataset.search);
  };
  return (
    <div role="search" className="search" inert={inert}>
      <SearchIcon />
      <input className="search-input" role="combobox" aria-label="Search" placeholder="Search" aria-expanded="false" autoComplete="off" onFocus={open} />
    </div>
  );
}
