import type { ReactNode } from 'react';
import type { NavLinkRecord } from '../../schema/manifest';
import { hrefOf } from '../router';
import { ExternalLink } from './ExternalLink';

/** A nav or version-menu link: site paths under the base, links to other sites in a new tab (ExternalLink). */
export function NavLink({ item, base, currentPath, children }: { item: NavLinkRecord; base: string; currentPath?: string; children?: ReactNode }) {
  if (item.external) {
    return (
      <ExternalLink href={item.link} className="nav-link">
        {item.text}
        {children}
      </ExternalLink>
    );
  }
  const current = item.link === currentPath;
  return (
    <a href={hrefOf(base, item.link)} className={isWithin(item.link, currentPath) ? 'nav-link active' : 'nav-link'} aria-current={current ? 'page' : undefined}>
      {item.text}
      {children}
    </a>
  );
}

/** The current page is this nav entry or under it (`/workflows/` is active on `/workflows/copy/`). */
export function isWithin(link: string, currentPath: string | undefined): boolean {
  if (currentPath === undefined) return false;
  if (link === '/') return currentPath === '/';
  return currentPath === link || (link.endsWith('/') && currentPath.startsWith(link));
}

/** A nav entry: a link, or a title over entries (a dropdown, or a group in one). */
export type NavEntry = NavLinkRecord | { text: string; items: readonly NavEntry[] };

/**
 * Nav entries as lists: a link, or a title over a list of its own. A
 * dropdown's entries in the top bar (its groups are VuePress 1's nested
 * `items`); the whole nav in the drawer, each dropdown a group.
 */
export function NavEntries({ items, base, currentPath }: { items: readonly NavEntry[]; base: string; currentPath?: string }) {
  return items.map((entry) =>
    'items' in entry ? (
      <li key={entry.text} className="nav-group">
        <span>{entry.text}</span>
        <ul aria-label={entry.text}>
          <NavEntries items={entry.items} base={base} currentPath={currentPath} />
        </ul>
      </li>
    ) : (
      <li key={entry.text}>
        <NavLink item={entry} base={base} currentPath={currentPath} />
      </li>
    ),
  );
}

/** Some link among these entries is the current page or above it: their dropdown shows as active. */
export function holdsPage(entries: readonly NavEntry[], currentPath: string | undefined): boolean {
  return entries.some((entry) => ('items' in entry ? holdsPage(entry.items, currentPath) : !entry.external && isWithin(entry.link, currentPath)));
}
