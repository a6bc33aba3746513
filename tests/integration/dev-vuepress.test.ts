import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../cli/config';
import type { SiteUpdate } from '../../cli/serve/changes';
import { startDevServer, type DevServer } from '../../cli/serve/dev';
import { connectSse, type SseClient } from '../helpers/sse';

/** A VuePress 1 tree's config, with its nav in a module of its own beside it (as many sites keep theirs). */
const config = (title: string) => `module.exports = { title: '${title}', themeConfig: { nav: require('./nav'), sidebar: ['/', '/page'] } };\n`;
const nav = (text: string) => `module.exports = [{ text: '${text}', link: '/page' }];\n`;

/**
 * `docsbuild dev` on a VuePress tree: its `.vuepress/` folder is read by
 * every build (the config that stands in for site.yaml, the modules the
 * config loads, the public folder), so a change there rebuilds the site,
 * though no page changed.
 */
describe('docsbuild dev on a VuePress tree', () => {
  let dir: string;
  let server: DevServer;
  let events: SseClient;
  const file = (name: string) => path.join(dir, 'docs', name);
  type Site = { site: { title: string; nav: { text: string }[] } };
  const site = async () => ((await (await fetch(`${server.url}pages.json`)).json()) as Site).site;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'docsbuild-dev-vuepress-'));
    await mkdir(file('.vuepress/public'), { recursive: true });
    await writeFile(file('README.md'), '# Home\n\nHello.\n');
    await writeFile(file('page.md'), '# Page\n\nText.\n');
    await writeFile(file('.vuepress/config.js'), config('First title'));
    await writeFile(file('.vuepress/nav.js'), nav('First nav'));
    server = await startDevServer({ config: resolveConfig(dir, { content: 'docs', config: false }), host: '127.0.0.1', port: 0, log: () => undefined, watchViewer: false, debounceMs: 20 });
    events = await connectSse(`${server.url}__docsbuild/events`);
  });
  afterAll(async () => {
    events?.close();
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('serves the site as its config gives it', async () => {
    expect(await site()).toMatchObject({ title: 'First title', nav: [{ text: 'First nav' }] });
  });

  it('rebuilds when .vuepress/config.js changes, and tells the tabs the site changed', async () => {
    const from = events.events.length;
    await writeFile(file('.vuepress/config.js'), config('Renamed'));
    const update = (await events.next('update', from)).data as SiteUpdate;
    expect(update.site).toBe(true);
    expect((await site()).title).toBe('Renamed');
  });

  it('rebuilds when a module the config requires from .vuepress/ changes', async () => {
    const from = events.events.length;
    await writeFile(file('.vuepress/nav.js'), nav('NewNav'));
    expect(((await events.next('update', from)).data as SiteUpdate).site).toBe(true);
    expect((await site()).nav.map((n) => n.text)).toEqual(['NewNav']);
  });

  it('rebuilds when .vuepress/redirects changes, and serves its redirects', async () => {
    const from = events.events.length;
    await writeFile(file('.vuepress/redirects'), '/old-page /page.html\n');
    expect(((await events.next('update', from)).data as SiteUpdate).site).toBe(true);
    const { redirects } = (await (await fetch(`${server.url}redirects.json`)).json()) as { redirects: { from: string; to: string }[] };
    expect(redirects).toContainEqual({ from: '/old-page/', to: '/page.html' });
  });

  it('serves a file added to .vuepress/public/', async () => {
    await writeFile(file('.vuepress/public/notes.txt'), 'Public notes.\n');
    // No page and nothing of the site record changed, so no event says when the build is done.
    await expect.poll(async () => (await fetch(`${server.url}notes.txt`)).status, { timeout: 10_000 }).toBe(200);
    expect(await (await fetch(`${server.url}notes.txt`)).text()).toBe('Public notes.\n');
  });
});
