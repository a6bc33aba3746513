import { hrefOf } from '../router';
import type { PageMeta } from '../view';

/**
 * One page: the chunk's HTML (produced by our own pipeline, never by readers,
 * so it is trusted) and the previous/next links.
 */
export function PageView({ page, html, base }: { page: PageMeta; html: string; base: string }) {
  return (
    <article className="page">
      <div className="content" data-page-html="" dangerouslySetInnerHTML={{ __html: html }} />
      {(page.prev || page.next) && (
        <nav className="prev-next" aria-label="Previous and next page">
          {page.prev && (
            <a className="prev" href={hrefOf(base, page.prev.path)} rel="prev">
              <span className="prev-next-label">Previous</span>
              <span className="prev-next-title">{page.prev.title}</span>
            </a>
          )}
          {page.next && (
            <a className="next" href={hrefOf(base, page.next.path)} rel="next">
              <span className="prev-next-label">Next</span>
              <span className="prev-next-title">{page.next.title}</span>
            </a>
          )}
        </nav>
      )}
    </article>
  );
}
