import type { SearchContext } from '../search/engine';
import { SIDEBAR_ELEMENT_ID, type ShellSite } from '../view';
import { Dropdown } from './Dropdown';
import { MenuIcon } from './icons';
import { holdsPage, NavEntries, NavLink } from './NavLink';
import { SearchBox } from './SearchBox';
import { ThemeToggle } from './ThemeToggle';

export interface TopBarProps {
  site: ShellSite;
  currentPath?: string;
  sidebarOpen: boolean;
  onToggleSidebar?: () => void;
  /** What search needs from the app; absent in the prerendered HTML, where the box waits for the app. */
  search?: SearchContext;
  /** A page with frontmatter `navbar: false`: no top navigation links. */
  withoutNav?: boolean;
}

/**
 * The banner: menu button (narrow screens), site title, search, top
 * navigation (wide screens; in the sidebar otherwise), version menu, theme
 * toggle. While the drawer is open, all but the menu button is inert.
 */
export function TopBar({ site, currentPath, sidebarOpen, onToggleSidebar, search, withoutNav }: TopBarProps) {
  const inert = sidebarOpen || undefined;
  return (
    <header className="topbar">
      {/* A link to #sidebar, so the drawer also opens without JavaScript (CSS :target). */}
      <a
        href={`#${SIDEBAR_ELEMENT_ID}`}
        className="menu-button"
        role="button"
        aria-label="Menu"
        aria-controls={SIDEBAR_ELEMENT_ID}
        aria-expanded={sidebarOpen}
        onClick={(event) => {
          event.preventDefault();
          onToggleSidebar?.();
        }}
        onKeyDown={(event) => {
          if (event.key === ' ') {
            event.preventDefault();
            onToggleSidebar?.();
          }
        }}
      >
        <MenuIcon />
      </a>
      <a className="brand" href={site.base} inert={inert}>
        {site.title}
      </a>
      {site.search.provider !== 'none' && <SearchBox site={site} context={search} inert={inert} />}
      <div className="topbar-end" inert={inert}>
        {!withoutNav && (
          <nav className="topnav" aria-label="Main">
            <NavItems site={site} currentPath={currentPath} />
          </nav>
        )}
        {site.versions && site.versions.menu.length > 0 && (
          <Dropdown label={site.versions.current} ariaLabel={`Version: ${site.versions.current}`}>
            {site.versions.menu.map((item) => (
              <li key={item.text}>
                <NavLink item={item} base={site.base}>
                  {item.badge && <span className="badge">{item.badge}</span>}
                </NavLink>
              </li>
            ))}
          </Dropdown>
        )}
        <ThemeToggle />
      </div>
    </header>
  );
}

/** site.nav: links and dropdowns (Concepts), in the top bar from 1280 px (below it the drawer lists them: Sidebar.tsx's DrawerNav). */
export function NavItems({ site, currentPath }: { site: ShellSite; currentPath?: string }) {
  return (
    <ul className="nav-items">
      {site.nav.map((item) =>
        'items' in item ? (
          <li key={item.text}>
            <Dropdown label={item.text} active={holdsPage(item.items, currentPath)}>
              <NavEntries items={item.items} base={site.base} currentPath={currentPath} />
            </Dropdown>
          </li>
        ) : (
          <NavEntries key={item.text} items={[item]} base={site.base} currentPath={currentPath} />
        ),
      )}
    </ul>
  );
}
