import type { HeaderNode } from '../outline';

/** Headers as nested `#slug` links, the one named `activeSlug` marked as the reader's place ("on this page", the sidebar's sections). */
export function HeaderList({ nodes, activeSlug, className }: { nodes: readonly HeaderNode[]; activeSlug?: string; className?: string }) {
  return (
    <ul className={className}>
      {nodes.map(({ header, children }) => (
        <li key={header.slug}>
          <a href={`#${header.slug}`} aria-current={header.slug === activeSlug ? 'location' : undefined}>
            {header.title}
          </a>
          {children.length > 0 && <HeaderList nodes={children} activeSlug={activeSlug} className={className} />}
        </li>
      ))}
    </ul>
  );
}
