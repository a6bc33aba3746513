import { useEffect, useRef } from 'react';
import { addCopyButtons } from '../copy-code';
import { hrefOf } from '../router';
import type { PageMeta, ShellSite } from '../view';

/**
 * One page: the chunk's HTML (produced by our own pipeline, never by readers,
 * so it is trusted), a copy button on each code block (added in the browser:
 * without JavaScript it could do nothing), "Edit this page" and "Last
 * updated", and the previous/next links.
 */
export function PageView({ site, page, html }: { site: ShellSite; page: PageMeta; html: string }) {
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!content.current) return;
    const root = content.current;
    addCopyButtons(root);
    // Only pages with a code group load its script (a lazy chunk, out of the first-load budget).
    if (root.querySelector('.code-group')) void import('../code-group').then(({ enhanceCodeGroups }) => enhanceCodeGroups(root));
  }, [html]);
  const base = site.base;
  const updated = site.lastUpdated && page.lastUpdated;
  return (
    <article className="page">
      <div className="content" data-page-html="" ref={content} dangerouslySetInnerHTML={{ __html: html }} />
      {((site.editLink && page.editUrl) || updated) && (
        <div className="page-meta">
          {site.editLink && page.editUrl && (
            <a className="edit-link" href={page.editUrl} rel="noopener">
              {site.editLink.text}
            </a>
          )}
          {updated && (
            <p className="last-updated">
              {site.lastUpdated!.text}: <time dateTime={updated}>{updated.slice(0, 10)}</time>
            </p>
          )}
        </div>
      )}
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
