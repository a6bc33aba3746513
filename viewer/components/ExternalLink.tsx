import type { ReactNode } from 'react';
import { ExternalIcon } from './icons';

/**
 * A link to another site in the nav or the sidebar: it opens in a new tab,
 * as VuePress's and the pages' own links to other sites do, and says so:
 * the icon to the eye, the hidden words to a screen reader.
 */
export function ExternalLink({ href, className, children }: { href: string; className: string; children: ReactNode }) {
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <ExternalIcon />
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
