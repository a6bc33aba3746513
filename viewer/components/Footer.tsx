import type { ShellSite } from '../view';

/** The site footer (contentinfo): the site's title and version, and site.yaml's `footer.copyright`. */
export function Footer({ site }: { site: ShellSite }) {
  return (
    <footer className="site-footer">
      <p>
        {site.title} documentation
        {site.versions && ` · version ${site.versions.current}`}
      </p>
      {site.footer?.copyright && <p>{site.footer.copyright}</p>}
    </footer>
  );
}
