import { z } from 'zod';

/** A path inside the site, relative to `base`: starts with `/`, no `..` segments, no scheme. */
export const SitePath = z
  .string()
  .regex(/^\/(?!\/)/, { message: 'must start with a single "/" (a path inside the site, without the base)' })
  .refine((p) => !p.split('/').includes('..'), { message: 'must not contain ".." segments' })
  .refine((p) => !/[\s<>"\\]/.test(p), { message: 'must not contain spaces, quotes, "<", ">" or "\\"' })
  .refine((p) => !/[\u0000-\u001f\u007f]/.test(p), { message: 'must not contain control characters' });

/**
 * A page's own path (frontmatter `permalink`): it also names the page's HTML
 * file, so each segment must be a plain name. "?", "#" and "%" would make
 * the file unreachable at its URL; empty and "." segments would give one file
 * two paths.
 */
export const Permalink = SitePath.refine((p) => plainSegments(p).every((s) => s !== '' && s !== '.'), {
  message: 'must not contain empty or "." segments',
}).refine((p) => !/[?#%]/.test(p), { message: 'must not contain "?", "#" or "%"' });

/** The segments after the leading "/", without the empty one a trailing "/" leaves. */
function plainSegments(path: string): string[] {
  const segments = path.split('/').slice(1);
  return segments[segments.length - 1] === '' ? segments.slice(0, -1) : segments;
}

/** A link as a writer gives it in config: a site path or an absolute http(s) URL. */
export const LinkTarget = z.union([SitePath, z.url({ protocol: /^https?$/ })]);
