import type { Header } from '../../schema/manifest';
import { useActiveSlug, type ActiveSlug } from '../active-slug';
import { nestHeaders } from '../outline';
import { HeaderList } from './HeaderList';

/** The "on this page" list (complementary landmark), with the header in view marked by the scroll spy. */
export function OnThisPage({ headers, active }: { headers: readonly Header[]; active?: ActiveSlug }) {
  const activeSlug = useActiveSlug(active);
  if (headers.length === 0) return null;
  return (
    <aside className="on-this-page" aria-labelledby="on-this-page-title">
      <p className="on-this-page-title" id="on-this-page-title">
        On this page
      </p>
      <HeaderList nodes={nestHeaders(headers)} activeSlug={activeSlug} />
    </aside>
  );
}
