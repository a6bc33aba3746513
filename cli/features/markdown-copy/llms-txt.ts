import type { Manifest, PageRecord, SidebarItemRecord } from '../../../schema/manifest';
import { absoluteUrlOf, hrefOf } from '../../site/urls';

/**
 * llms.txt (llmstxt.org): the site's title and description, then every page
 * with its description, grouped as in the sidebar, linking to the plain
 * Markdown copies. Pages in no sidebar entry come last, under "Other pages".
 */
export function llmsTxt(manifest: Manifest, markdownFileOf: (page: PageRecord) => string | undefined): string {
  const { site } = manifest;
  const byPath = new Map(manifest.pages.map((p) => [p.path, p]));
  const listed = new Set<string>();
  const out: string[] = [`# ${oneLine(site.title)}`, ''];
  if (site.description) out.push(`> ${oneLine(site.description)}`, '');

  const item = (path: string): string | undefined => {
    const page = byPath.get(path);
    if (!page) return undefined;
    listed.add(path);
    const file = markdownFileOf(page);
    const sitePath = file === undefined ? page.path : `/${file}`;
    const url = absoluteUrlOf(site, sitePath) ?? hrefOf(site, sitePath);
    const description = oneLine(page.description);
    return `- [${escapeLinkText(oneLine(page.title))}](${url})${description ? `: ${description}` : ''}`;
  };
  const section = (title: string, depth: number, entries: readonly SidebarItemRecord[]) => {
    const lines: string[] = [];
    const groups: SidebarItemRecord[] = [];
    for (const entry of entries) {
      if (entry.type === 'page') {
        const line = item(entry.path);
        if (line) lines.push(line);
      } else if (entry.type === 'link') lines.push(`- [${escapeLinkText(oneLine(entry.title))}](${entry.link})`);
      else groups.push(entry);
    }
    out.push(`${'#'.repeat(depth)} ${oneLine(title)}`, '');
    if (lines.length > 0) out.push(...lines, '');
    for (const group of groups) {
      if (group.type === 'group') section(group.title, Math.min(depth + 1, 6), group.children);
    }
  };

  const loose = site.sidebar.filter((e) => e.type !== 'group');
  if (loose.length > 0) section('Pages', 2, loose);
  for (const entry of site.sidebar) if (entry.type === 'group') section(entry.title, 2, entry.children);
  const rest = manifest.pages.filter((p) => !listed.has(p.path));
  if (rest.length > 0) section('Other pages', 2, rest.map((p) => ({ type: 'page', path: p.path, title: p.title })));
  while (out.at(-1) === '') out.pop();
  return `${out.join('\n')}\n`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function escapeLinkText(text: string): string {
  return text.replace(/([\\[\]])/g, '\\$1');
}
