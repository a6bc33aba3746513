import { z } from 'zod';
import { FIXED_CODES, isDiagnosticCode } from './diagnostic-codes';
import { ATTRIBUTE_NAME } from './attribute-name';
import { LinkTarget, SitePath } from './paths';


const HeadTag = z.strictObject({
  tag: z.enum(['meta', 'link', 'script', 'style', 'noscript', 'base']),
  attrs: z
    .record(z.string(), z.union([z.string(), z.boolean()]))
    .superRefine((attrs, ctx) => {
      for (const name of Object.keys(attrs)) {
        if (!ATTRIBUTE_NAME.test(name)) ctx.addIssue({ code: 'custom', path: [name], message: 'is no attribute name: it may not hold spaces, quotes, ">", "/", "=" or control characters' });
      }
    })
    .default({}),
  children: z.string().optional(),
});

const NavLink = z.strictObject({ text: z.string().min(1), link: LinkTarget });
/** A titled group of links inside a dropdown (VuePress 1's nested `items`). */
const NavGroup = z.strictObject({ text: z.string().min(1), items: z.array(NavLink).min(1) });
const NavItem = z.union([
  NavLink,
  z.strictObject({ text: z.string().min(1), items: z.array(z.union([NavLink, NavGroup])).min(1) }),
]);

/** A page by its path; a page shown with a text of its own (VuePress's `[path, title]`), or a link to another site; or a group. */
export type SidebarEntryInput =
  | string
  | { text: string; link: string }
  | { title: string; children: SidebarEntryInput[]; collapsed?: boolean; sidebarDepth?: number };
/** How deep the sidebar lists the reader's page's sections: 0 none, 1 its `##` sections, 2 those and the `###` under them. */
const SidebarDepth = z.number().int().min(0).max(6);
const SidebarEntry: z.ZodType<SidebarEntryInput> = z.lazy(() =>
  z.union([
    SitePath,
    /** A page, shown in the sidebar as `text` rather than by its title; or another site's page (`https://…`). */
    z.strictObject({ text: z.string().min(1), link: LinkTarget }),
    z.strictObject({
      title: z.string().min(1),
      children: z.array(SidebarEntry).min(1),
      collapsed: z.boolean().optional(),
      /** For the pages directly in this group (VuePress's group sidebarDepth). */
      sidebarDepth: SidebarDepth.optional(),
    }),
  ]),
);

const ConstantName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, {
  message: 'a constant name is letters, digits and "_", not starting with a digit',
});

/** Algolia application id: it becomes part of a host name (`<appId>-dsn.algolia.net`), so letters and digits only. */
export const DocsearchAppId = z.string().regex(/^[A-Za-z0-9]{1,64}$/, { message: 'must be letters and digits only, like BH4D9OD16A' });
/**
 * A search-only API key: public by design (every reader's browser sends it),
 * 32 hex digits, or longer base64 for a secured key. Also the form of
 * DOCSBUILD_DOCSEARCH_API_KEY, which overrides it at build time.
 */
export const DocsearchApiKey = z.string().regex(/^[A-Za-z0-9+/=_-]{8,1024}$/, { message: 'must be a search-only API key (letters, digits, +/=_-)' });

/** An https origin and nothing more (`https://www.youtube-nocookie.com`): a path would suggest a narrower rule than the origin check applies. */
const IframeOrigin = z.string().refine((u) => URL.canParse(u) && u.startsWith('https://') && new URL(u).origin === u, {
  message: 'must be an https origin alone, like https://www.youtube-nocookie.com (no path, no trailing "/")',
});

/** What a rule makes of a diagnostic code: an error (fails the build), a warning, or nothing at all. */
export const RuleSeverity = z.enum(['error', 'warning', 'off']);
export type RuleSeverity = z.output<typeof RuleSeverity>;

/**
 * Custom issues a rule may raise, so the site config stage can add a hint
 * (the closest code) and README.md can be linked. `params.rule` says which.
 */
export type RuleIssue = { rule: 'unknown-code'; code: string } | { rule: 'fixed-code'; code: string };

/** Each key of a rule set must be a catalogue code, and a code that cannot be lowered may only be "error". */
function checkRuleCodes(rules: Readonly<Record<string, unknown>>, ctx: z.RefinementCtx, skip: readonly string[] = []): void {
  for (const [code, severity] of Object.entries(rules)) {
    if (skip.includes(code)) continue;
    if (!isDiagnosticCode(code)) {
      ctx.addIssue({ code: 'custom', path: [code], message: 'is not a diagnostic code (README.md#diagnostics lists them)', params: { rule: 'unknown-code', code } satisfies RuleIssue });
      continue;
    }
    const fixed = FIXED_CODES[code];
    if (fixed !== undefined && severity !== 'error') {
      ctx.addIssue({ code: 'custom', path: [code], message: `cannot be lowered: ${fixed}`, params: { rule: 'fixed-code', code } satisfies RuleIssue });
    }
  }
}

/** A glob relative to the content folder, such as `legacy/**` or `api/*.md` (picomatch syntax). */
const FilesGlob = z.string().min(1);

/** `{ "link/dead-anchor": warning, "html/removed": off }`: severities for the whole site. */
const RuleMap = z.record(z.string(), RuleSeverity).superRefine((rules, ctx) => checkRuleCodes(rules, ctx));

/** `{ files: "legacy/**", "link/dead": warning }`: severities for the files a glob (or any of a list) matches, or every file. */
const RuleEntry = z
  .object({ files: z.union([FilesGlob, z.array(FilesGlob).min(1)]).optional() })
  .catchall(RuleSeverity)
  .superRefine((entry, ctx) => checkRuleCodes(entry, ctx, ['files']));

const RuleList = z.array(RuleEntry);
export type RuleMap = Record<string, RuleSeverity>;
/** `files:` and codes side by side (zod's inferred type for a catch-all object is not one TypeScript can check literals against). */
export interface RuleEntry {
  files?: string | string[];
  [code: string]: RuleSeverity | string | string[] | undefined;
}

/**
 * The severities a site gives diagnostic codes: one set for every file, or a
 * list where a later entry wins. Not a z.union: a union reports "wrong shape"
 * for a bad value deep inside, where the chosen form can say which key is wrong.
 */
export const Rules = z.unknown().transform((value, ctx): RuleMap | RuleEntry[] => {
  if (value === null || typeof value !== 'object') {
    ctx.addIssue({ code: 'custom', input: value, message: 'must be "code: error | warning | off" lines, or a list of them with "files:"' });
    return z.NEVER;
  }
  const parsed = Array.isArray(value) ? RuleList.safeParse(value) : RuleMap.safeParse(value);
  if (parsed.success) return parsed.data as RuleMap | RuleEntry[];
  for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, input: value } as Parameters<typeof ctx.addIssue>[0]);
  return z.NEVER;
});
export type Rules = z.output<typeof Rules>;
/**
 * "Edit this page": a URL with `:path` where the page's source path goes,
 * relative to the content folder (`api/rest/README.md`).
 */
const EditLink = z.strictObject({
  pattern: z.string().refine((p) => p.includes(':path') && URL.canParse(p.replace(':path', 'x')) && /^https?:\/\//i.test(p), {
    message: 'must be an http(s) URL with ":path" where the page\'s file goes, like https://github.com/org/repo/edit/main/docs/:path',
  }),
  text: z.string().min(1).default('Edit this page'),
  /** Only on pages whose frontmatter says `editLink: true` (a VuePress config with `repo` and no `editLinks`). */
  optIn: z.boolean().optional(),
});

/** The path the site is served under: `/`, or `/docs/`. */
export const SiteBase = z.string().superRefine((value, ctx) => {
  const problem = baseProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** An importRoot that starts with `..` is from the content folder (site.yaml's own), not from the project root. */
export function isFromContentFolder(importRoot: string): boolean {
  return importRoot === '..' || importRoot.startsWith('../');
}

/** A folder from the project root (`docs`), or from the content folder (`..`, `../shared`): never absolute, `..` only leading. */
function isImportRoot(importRoot: string): boolean {
  if (importRoot.startsWith('/')) return false;
  const segments = importRoot.split('/');
  const leadingUps = isFromContentFolder(importRoot) ? segments.findIndex((segment) => segment !== '..') : 0;
  return leadingUps === -1 || !segments.slice(leadingUps).includes('..');
}

/** What is wrong with a base path, if anything: the preview and every host serve it as written, so it must be plain. */
function baseProblem(base: string): string | undefined {
  if (!base.startsWith('/') || !base.endsWith('/')) return 'must start and end with "/" (for example "/docs/")';
  const segments = base === '/' ? [] : base.slice(1, -1).split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) {
    const plain: string[] = [];
    for (const s of segments) {
      if (s === '..') plain.pop();
      else if (s !== '' && s !== '.') plain.push(s);
    }
    return `must be a plain path, without "//", "./" or "../" (write "/${plain.map((s) => `${s}/`).join('')}")`;
  }
  if (!segments.every((s) => /^[\w.-]+$/.test(s))) return 'may hold only letters, digits, ".", "-" and "_" between its "/" (for example "/docs/")';
  return undefined;
}

/** content/site.yaml: the one file writers edit to configure the site. */
/** A folder of the site that holds one language's pages: `/fr/`. */
/** A webpack alias's name as a URL starts with it (after VuePress's `~`): `@assets`, `images`. */
const AliasName = z.string().regex(/^[^\s/~.?#][^\s?#]*$/, { message: 'must be a name such as "@assets" (no spaces; not starting with "/", "~" or ".")' }).refine((name) => !name.endsWith('/') && !name.endsWith('$'), { message: 'must not end with "/" or "$"' });
const LocalePath = SitePath.refine((p) => p.length > 1 && p.endsWith('/'), { message: 'must be a folder such as "/fr/" (starting and ending with "/")' });

/** A container type as written after `:::`. */
const ContainerTypeName = z.string().regex(/^[A-Za-z][\w-]*$/, { message: 'must be a word such as "upgrade" (letters, digits, "-", "_")' });

export const SiteConfigSchema = z.strictObject({
  title: z.string().min(1),
  description: z.string().default(''),
  base: SiteBase.default('/'),
  /** Scheme and host the site is served from, for canonical links: `https://example.com`. */
  host: z.url({ protocol: /^https?$/ }).refine((u) => !u.endsWith('/'), { message: 'must not end with "/"' }).optional(),
  lang: z.string().default('en-US'),
  /**
   * The language of the pages under a folder, when not the site's: `{ /fr/: { lang: fr-FR } }`
   * (VuePress's `locales`); a page's frontmatter `lang` still comes first. Its
   * `description`, where given, is the tagline of the home pages under it.
   */
  locales: z.record(LocalePath, z.strictObject({ lang: z.string().min(1), description: z.string().optional() })).default({}),
  /**
   * Locale folders, in order, that a path under none of them falls back to
   * (vuepress-plugin-redirect's `locales: true`): a link to `/guide/x.md`
   * on a page under `/zh/` leads to `/zh/guide/x.html`, else to the first
   * folder listed that has it; a visit to `/guide/x.html` redirects to it.
   */
  localeFallback: z.array(LocalePath).default([]),
  /**
   * URL prefixes that stand for a folder of the content, as a VuePress tree's
   * webpack aliases: with `{ "@assets": /assets/ }`, an image written
   * `~@assets/x.png` or `@assets/x.png` is the file /assets/x.png.
   */
  aliases: z.record(AliasName, SitePath.refine((p) => p.endsWith('/'), { message: 'must be a folder such as "/assets/" (ending with "/")' })).default({}),
  analytics: z
    .strictObject({
      provider: z.literal('google-tag'),
      id: z.string().regex(/^[A-Z]{1,3}-[A-Z0-9]{4,20}$/, { message: 'must look like a tag id, e.g. G-ABC123' }),
    })
    .optional(),
  headTags: z.array(HeadTag).default([]),
  markdown: z
    .strictObject({
      /** Heading levels that become page headers. */
      headers: z.array(z.number().int().min(2).max(6)).min(1).default([2, 3]),
      /** Origins whose pages raw HTML may embed with <iframe> (every other iframe is removed). */
      allowIframeOrigins: z.array(IframeOrigin).default([]),
      /** Number the lines of every code block (a fence's `:no-line-numbers` opts out, `:line-numbers` opts in). */
      lineNumbers: z.boolean().default(false),
      /**
       * Container types of the site's own (`::: upgrade`), each shown like a tip under its title;
       * `localeTitles` gives the title on pages under a locale's folder (`{ /zh/: 升级 }`).
       */
      containers: z.array(z.strictObject({ type: ContainerTypeName, title: z.string().optional(), localeTitles: z.record(LocalePath, z.string()).optional() })).default([]),
      /**
       * Where `@/` in includes and snippet imports (`<<< @/snippets/x.js`) points: from the project root,
       * or from the content folder when it starts with `..` (`..`: the folder above it, wherever docsbuild runs).
       */
      importRoot: z
        .string()
        .refine(isImportRoot, { message: 'must be a folder inside the project, such as "docs", or one from the content folder, such as ".."' })
        .transform((p) => (isFromContentFolder(p) ? p.replace(/\/$/, '') : p.replace(/^\.\/?|\/$/g, '')))
        .default(''),
      /** How headings get their anchors: GitHub's rule, or VuePress 1's (the default of a tree read from `.vuepress/`). */
      slugify: z.enum(['github', 'vuepress']).optional(),
      /** Each heading also answers the other rule's slug, so links made under either keep landing. */
      anchorAliases: z.boolean().default(false),
    })
    .prefault({}),
  viewer: z
    .strictObject({
      scrollSpyThrottleMs: z.number().int().min(0).max(5000).default(300),
      loadTimeoutMs: z.number().int().min(1000).max(600000).default(120000),
    })
    .prefault({}),
  versions: z
    .strictObject({
      current: z.string().min(1),
      menu: z.array(z.strictObject({ text: z.string().min(1), link: LinkTarget, badge: z.string().optional() })).default([]),
    })
    .optional(),
  search: z
    .strictObject({
      provider: z.enum(['local', 'docsearch', 'none']).default('local'),
      docsearch: z
        .strictObject({
          appId: DocsearchAppId,
          apiKey: DocsearchApiKey,
          indexName: z.string().min(1),
          facetFilters: z.array(z.string()).default([]),
        })
        .optional(),
    })
    .refine((search) => search.provider !== 'docsearch' || search.docsearch !== undefined, {
      path: ['docsearch'],
      message: 'is required when provider is docsearch: give appId, apiKey and indexName',
    })
    .prefault({}),
  nav: z.array(NavItem).default([]),
  sidebar: z.array(SidebarEntry).default([]),
  /** How deep the sidebar lists the reader's page's sections, unless its group or frontmatter says; 1 when absent. */
  sidebarDepth: SidebarDepth.optional(),
  /** Source path → page path; an http(s) URL is refused unless the build allows external redirects. */
  redirects: z.record(SitePath, LinkTarget).default({}),
  constants: z.record(ConstantName, z.union([z.string(), z.number()])).default({}),
  /** Diagnostic severities: `{ code: error | warning | off }`, or a list of them with `files:` globs. */
  rules: Rules.default({}),
  /** "Edit this page" under every page. */
  editLink: EditLink.optional(),
  /** "Last updated" under every page, from git: `true`, or `{ text }` to word the label. */
  lastUpdated: z.union([z.boolean(), z.strictObject({ text: z.string().min(1) })]).default(false),
  /** The site footer: the title and version are always there; a copyright line when given. */
  footer: z.strictObject({ copyright: z.string().min(1).optional() }).prefault({}),
});

export type SiteConfigInput = z.input<typeof SiteConfigSchema>;
export type SiteConfig = z.output<typeof SiteConfigSchema>;
export type HeadTag = z.output<typeof HeadTag>;
export type NavItem = z.output<typeof NavItem>;
export type EditLink = z.output<typeof EditLink>;
