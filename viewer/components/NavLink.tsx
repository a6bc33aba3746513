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
