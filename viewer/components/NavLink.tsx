import type { ReactNode } from 'react';
import type { NavLinkRecord } from '../../schema/manifest';
import { hrefOf } from '../router';
import { ExternalIcon } from './icons';

/** A nav or version-menu link: site paths under the base, external links marked and opened as usual. */
export function NavLink({ item, base, currentPath, children }: { item: NavLinkRecord; base: string; currentPath?: string; children?: ReactNode }) {
  if (item.external) {
    return (
      <a href={item.link} className="nav-link" rel="noopener noreferrer">
        {item.text}
        {children}
        <ExternalIcon />
      </a>
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
