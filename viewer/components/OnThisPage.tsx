import type { Header } from '../../schema/manifest';
import { useActiveSlug, type ActiveSlug } from '../active-slug';
import { nestHeaders, type HeaderNode } from '../outline';

/** The "on this page" list (complementary landmark), with the header in view marked by the scroll spy. */
export function OnThisPage({ headers, active }: { headers: readonly Header[]; active?: ActiveSlug }) {
  const activeSlug = useActiveSlug(active);
  if (headers.length === 0) return null;
  return (
    <aside className="on-this-page" aria-labelledby="on-this-page-title">
      <p className="on-this-page-title" id="on-this-page-title">
        On this page
      </p>
      <List nodes={nestHeaders(headers)} activeSlug={activeSlug} />
    </aside>
  );
}

function List({ nodes, activeSlug }: { nodes: HeaderNode[]; activeSlug?: string }) {
  return (
    <ul>
      {nodes.map(({ header, children }) => (
        <li key={header.slug}>
          <a href={`#${header.slug}`} aria-current={header.slug === activeSlug ? 'location' : undefined}>
            {header.title}
          </a>
          {children.length > 0 && <List nodes={children} activeSlug={activeSlug} />}
        </li>
      ))}
    </ul>
  );
}
