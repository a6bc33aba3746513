import { z } from 'zod';

/** A path inside the site, relative to `base`: starts with `/`, no `..` segments, no scheme. */
export const SitePath = z
  .string()
  .regex(/^\/(?!\/)/, { message: 'must start with a single "/" (a path inside the site, without the base)' })
  .refine((p) => !p.split('/').includes('..'), { message: 'must not contain ".." segments' })
  .refine((p) => !/[\s<>"\\]/.test(p), { message: 'must not contain spaces, quotes, "<", ">" or "\\"' });

/** A link as a writer gives it in config: a site path or an absolute http(s) URL. */
export const LinkTarget = z.union([SitePath, z.url({ protocol: /^https?$/ })]);
