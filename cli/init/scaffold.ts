import { yamlPackage } from '../support/yaml';

/** What a new site is made from: the answers (or flags) and where things go. */
export interface ScaffoldOptions {
  title: string;
  /** The site base: `/` or `/docs/`. */
  base: string;
  /** The content folder, relative to the project root, with "/" separators (`docs`). */
  content: string;
  /** The output folder, relative to the project root, with "/" separators (`site`). */
  out: string;
  /** How a writer runs docsbuild here: `npm run docs:dev` with a package.json, `npx docsbuild dev --content docs` without. */
  commands: Commands;
  /** The CI step that installs docsbuild and checks the site. */
  ci: { install?: string; check: string };
}

export interface Commands {
  dev: string;
  build: string;
  check: string;
}

export interface ScaffoldFile {
  /** Relative to the project root, "/" separators. */
  path: string;
  text: string;
  /** What it is, for the summary init prints. */
  about: string;
}

/** The package.json scripts init adds: each runs docsbuild on this site's folders. */
export function scriptsFor(content: string, out: string): Record<string, string> {
  return {
    'docs:dev': `docsbuild dev --content ${shellWord(content)}`,
    'docs:build': `docsbuild build --content ${shellWord(content)} --out ${shellWord(out)}`,
    'docs:check': `docsbuild check --content ${shellWord(content)}`,
  };
}

/** The same commands typed by hand, for a project without a package.json. */
export function npxCommandsFor(content: string, out: string): Commands {
  const scripts = scriptsFor(content, out);
  return { dev: `npx ${scripts['docs:dev']}`, build: `npx ${scripts['docs:build']}`, check: `npx ${scripts['docs:check']}` };
}

/** The files of a new site: every one passes `docsbuild check --strict` as written. */
export function scaffoldFiles(options: ScaffoldOptions): ScaffoldFile[] {
  const c = options.content;
  return [
    { path: `${c}/site.yaml`, text: siteYaml(options), about: "the site's settings, each one explained" },
    { path: `${c}/README.md`, text: homePage(options), about: 'the home page' },
    { path: `${c}/guide/README.md`, text: guidePage(options), about: 'the guide: a container, code, a table and links' },
    { path: `${c}/public/favicon.svg`, text: FAVICON, about: 'the icon browsers show in the tab' },
    { path: '.github/workflows/docs.yml', text: workflow(options), about: 'CI: checks the docs on every push and pull request' },
  ];
}

/** The lines init adds to .gitignore (or starts it with): the built site is made, not written. */
export function gitignoreLines(out: string, fresh: boolean): string[] {
  return [...(fresh ? ['node_modules/'] : []), `/${out}/`];
}

/** Whether a .gitignore already ignores the output folder, by one of the usual spellings. */
export function ignoresFolder(gitignore: string, folder: string): boolean {
  const spellings = new Set([folder, `${folder}/`, `/${folder}`, `/${folder}/`]);
  return gitignore.split(/\r?\n/).some((line) => spellings.has(line.trim()));
}

function yamlScalar(value: string): string {
  return yamlPackage().stringify(value, { lineWidth: 0 }).trimEnd();
}

function siteYaml({ title, base }: ScaffoldOptions): string {
  return `# The settings of this site. docsbuild checks this file on every run: an
# unknown key or a wrong value is an error at its line. The commented lines
# are the settings most sites change; remove the "# " to use one. Every key is
# described in docsbuild's README, under "Site config".

title: ${yamlScalar(title)}
description: ${yamlScalar(`Guides and reference for ${title}.`)}
# The path the site is served under: "/" on a domain of its own, "/docs/"
# under a path. Links in pages are written without it; docsbuild adds it.
base: ${yamlScalar(base)}
lang: en-US
# The address the site is served from, without the base: gives every page a
# canonical link and adds sitemap.xml and robots.txt.
# host: https://docs.example.com

# Added to every page's <head>. public/ is published at the site root, so
# public/favicon.svg is ${base}favicon.svg (change the href with the base).
headTags:
  - tag: link
    attrs: { rel: icon, href: ${base}favicon.svg, type: image/svg+xml }

# The menu across the top: links, or { text, items } for a dropdown.
nav:
  - text: Guide
    link: /guide/

# The sidebar: page paths, and { title, children } groups. Every page should be
# in it: a page in none is a warning (page/not-in-sidebar).
sidebar:
  - /
  - title: Guide
    children:
      - /guide/

# Values pages use as {{ $const.NAME }}, written once here.
# constants:
#   SUPPORT_EMAIL: help@example.com

# Old addresses that lead to a page: { "/old/path": "/new/page/" }.
# redirects:
#   /getting-started: /guide/

# "Edit this page" under every page; :path is the page's file in this folder.
# editLink:
#   pattern: https://github.com/OWNER/REPO/edit/main/docs/:path

# "Last updated" under every page, from the date of its last git commit.
# lastUpdated: true

# A copyright line in the footer.
# footer:
#   copyright: © Example, Inc.

# Search: a local index built with the site (the default), Algolia DocSearch,
# or none.
# search:
#   provider: local

# A check this site wants stricter, or not at all: code: error | warning | off.
# rules:
#   link/through-redirect: error
`;
}

function homePage({ title, content, commands }: ScaffoldOptions): string {
  return `---
description: Where these docs start, and how to add a page.
---

# ${title}

This is the home page: \`${content}/README.md\`. Every Markdown file in
\`${content}/\` is a page, and \`${content}/site.yaml\` holds the site's settings.

## Where to go next

- [The guide](/guide/) shows what a page can hold: containers, code, tables
  and links.
- Run \`${commands.dev}\`, open the address it prints, then edit this file and
  save: the page changes in the browser at once.

## Adding a page

1. Write \`${content}/guide/install.md\`. Its address is \`/guide/install.html\`.
2. Add \`/guide/install.html\` to \`sidebar:\` in \`site.yaml\`.
3. Run \`${commands.check}\`. It names every problem (a link to no page, a
   page in no sidebar, a typo in \`site.yaml\`) with its file and line.
`;
}

function guidePage({ content, out, commands }: ScaffoldOptions): string {
  return `---
description: One example of everything a page can hold.
---

# Writing pages

A page is Markdown, GitHub's flavour, with containers for asides. This one
shows each of them: copy what you need.

## Containers

::: tip
A shortcut or a good practice. The other kinds are \`warning\`, \`danger\` and
\`details\`, which folds its text away until a reader opens it.
:::

::: warning
Something that goes wrong if the reader skips it.
:::

## Code

\`\`\`bash
${commands.build}
\`\`\`

Code is highlighted when the site is built, in light and dark colours, so
readers download no highlighter. Name the language after the backticks; use
\`text\` for none.

## Tables

| command | what it does |
| --- | --- |
| \`${commands.dev}\` | serves the site and updates the browser on every save |
| \`${commands.check}\` | checks every page, link and setting, and writes nothing |
| \`${commands.build}\` | checks, then writes the site into \`${out}/\` |

## Links

Link to a page by its path, like [the home page](/), or by its file, like
[the same page](../README.md). A heading is a link target too:
[the table above](#tables). Every link is checked: one to a page or a
heading that does not exist fails the check, and names the closest match.

Images and other files sit next to the page that links them; files in
\`${content}/public/\` are published as they are.
`;
}

function workflow({ content, ci }: ScaffoldOptions): string {
  const install = ci.install ? `\n      - run: ${ci.install}` : '';
  return `# Checks the docs in ${content}/ on every push and pull request. Each problem
# becomes an annotation on its line of the pull request (--format github);
# --strict fails on warnings too.
name: docs
on:
  push:
  pull_request:
jobs:
  check:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 22${install}
      - run: ${ci.check}
`;
}

const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" rx="6" fill="#1f2937"/>
  <path d="M9 8h8a7 7 0 0 1 0 14H9z" fill="none" stroke="#fff" stroke-width="3"/>
  <path d="M9 25h14" stroke="#60a5fa" stroke-width="3"/>
</svg>
`;

/** A path as one shell word: quoted only when it needs to be. */
function shellWord(value: string): string {
  return /^[\w./@:-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}
