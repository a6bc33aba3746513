import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FIXTURE_CONTENT, markWindow, newContext, poll, skipBrowserTests, useSite, waitForApp, windowMarked, type Site } from './harness';

/** What has the focus: its tag, id, class, accessible label and text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase(),
      id: el?.id,
      className: typeof el?.className === 'string' ? el.className : '',
      label: el?.getAttribute('aria-label') ?? undefined,
      text: el?.textContent?.trim().slice(0, 60),
      inSidebar: !!el?.closest('#sidebar'),
      inPage: !!el?.closest('.page-wrap'),
    };
  });

/** The fenced code blocks of a fixture page, as written. */
function fences(file: string): { lang: string; code: string }[] {
  const text = readFileSync(path.join(FIXTURE_CONTENT, file), 'utf8');
  return [...text.matchAll(/^```(\w*)\n([\s\S]*?)\n```$/gm)].map((m) => ({ lang: m[1]!, code: m[2]! }));
}

/**
 * Every keyboard path of the issue, the theme applied before the first
 * paint, the copy buttons, and the controls working before the route table
 * arrives, in Chromium.
 */
describe.skipIf(skipBrowserTests)('viewer: keyboard, theme and copy (Chromium)', () => {
  let site: Site;
  let context: BrowserContext;
  useSite((opened) => ({ site, context } = opened));

  const open = async (sitePath: string, on: BrowserContext = context) => {
    const page = await on.newPage();
    await page.goto(site.url(sitePath));
    await waitForApp(page);
    return page;
  };

  for (const [name, menuName] of [
    ['the Concepts menu', 'Concepts'],
    ['the version menu', 'Version: latest'],
  ] as const) {
    it(`${name}: opens with Enter, Escape closes it and puts the focus back on its button, tabbing out closes it, hover does not open it`, async () => {
      const page = await open('/limits/');
      const button = page.locator('.topbar').getByRole('button', { name: menuName, exact: true });
      const menu = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
      expect(await button.getAttribute('aria-expanded')).toBe('false');

      // Hover never opens it: its state is always what aria-expanded says.
      await button.hover();
      await page.waitForTimeout(200);
      expect(await menu.isVisible()).toBe(false);
      expect(await button.getAttribute('aria-expanded')).toBe('false');

      await button.focus();
      await page.keyboard.press('Enter');
      await menu.waitFor({ state: 'visible' });
      expect(await button.getAttribute('aria-expanded')).toBe('true');
      await page.keyboard.press('Tab');
      expect((await focused(page)).tag).toBe('a');
      expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);

      // Tab through every entry and out: the menu closes behind the focus.
      await page.keyboard.press('Enter');
      await menu.waitFor({ state: 'visible' });
      const entries = await menu.locator('a').count();
      for (let i = 0; i <= entries; i++) await page.keyboard.press('Tab');
      expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(false);
      await menu.waitFor({ state: 'hidden' });
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      await page.close();
    });
  }

  it("shows a dropdown's group (VuePress 1's nested items) as a title over its links, reached by Tab, and marks the dropdown active on a page it holds", async () => {
    const page = await open('/limits/');
    const button = page.locator('.topbar').getByRole('button', { name: 'Concepts', exact: true });
    expect(await button.getAttribute('class')).not.toContain('active');
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
    await menu.waitFor({ state: 'visible' });
    const group = menu.getByRole('list', { name: 'Build' });
    expect(await group.getByRole('link').allTextContents()).toEqual(['Code', 'Integrate', 'Components']);
    // The title sits above its links, inside the menu's box.
    const [title, first, box] = await Promise.all([menu.getByText('Build', { exact: true }).boundingBox(), group.getByRole('link').first().boundingBox(), menu.boundingBox()]);
    expect(title!.y + title!.height).toBeLessThanOrEqual(first!.y + 1);
    expect(title!.x).toBeGreaterThanOrEqual(box!.x);
    expect(title!.x + title!.width).toBeLessThanOrEqual(box!.x + box!.width);
    // Tab past Workflows, Steps and Triggers to the group's first link; Enter follows it in the app.
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    expect((await focused(page)).text).toBe('Code');
    await markWindow(page);
    await page.keyboard.press('Enter');
    await poll(() => page.evaluate(() => location.pathname)).toBe('/docs/code/');
    expect(await windowMarked(page)).toBe(true);
    await menu.waitFor({ state: 'hidden' });
    await poll(() => button.getAttribute('class')).toContain('active');
    await page.close();
  });

  it('phone drawer: opening moves the focus in, the rest is inert, Tab stays in it, Escape closes it with the focus back on the menu button', async () => {
    const phone = await newContext(site, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await open('/limits/', phone);
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.focus();
    await page.keyboard.press('Enter');
    await page.locator('#sidebar').waitFor({ state: 'visible' });
    await poll(async () => (await focused(page)).inSidebar).toBe(true);
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    // Everything but the drawer and its button is inert.
    expect(await page.locator('.page-wrap').evaluate((el) => (el as HTMLElement).inert)).toBe(true);
    expect(await page.locator('.brand').evaluate((el) => (el as HTMLElement).inert)).toBe(true);
    expect(await page.locator('.skip-link').evaluate((el) => (el as HTMLElement).inert)).toBe(true);
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      expect((await focused(page)).inPage, `Tab ${i + 1}`).toBe(false);
    }
    await page.keyboard.press('Escape');
    await page.locator('#sidebar').waitFor({ state: 'hidden' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.locator('.page-wrap').evaluate((el) => (el as HTMLElement).inert)).toBe(false);

    // Following a link in the drawer closes it and puts the focus on the new page's heading.
    await page.keyboard.press('Enter');
    await poll(async () => (await focused(page)).inSidebar).toBe(true);
    await page.locator('#sidebar .sidebar-items a[href="/docs/errors/"]').focus();
    await page.keyboard.press('Enter');
    await poll(() => page.locator('main h1').textContent()).toContain('Errors');
    await page.locator('#sidebar').waitFor({ state: 'hidden' });
    await poll(async () => (await focused(page)).tag).toBe('h1');
    await phone.close();
  });

  it('choosing a search result with the keyboard puts the focus on the heading it leads to', async () => {
    const page = await open('/');
    await page.keyboard.press('/');
    await page.keyboard.type('payload');
    await page.getByRole('option').filter({ hasText: 'HTTP payload size' }).first().waitFor();
    const index = await page.getByRole('option').evaluateAll((options) => options.findIndex((o) => o.textContent?.includes('HTTP payload size')));
    for (let i = 0; i <= index; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await poll(() => page.url()).toBe(site.url('/limits/#http-payload-size'));
    await poll(async () => (await focused(page)).id).toBe('http-payload-size');
    expect((await focused(page)).tag).toBe('h2');

    // A result in the same page: the focus goes to that section's heading too.
    await page.keyboard.press('/');
    await page.keyboard.type('memory');
    await page.getByRole('option').filter({ hasText: 'Memory' }).first().waitFor();
    const memory = await page.getByRole('option').evaluateAll((options) => options.findIndex((o) => o.textContent?.includes('Limits › Memory')));
    for (let i = 0; i <= memory; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await poll(async () => (await focused(page)).id).toBe('memory');
    await page.close();
  });

  it('reaches each heading\'s "#" link with Tab: named after its section, shown while focused, leading to the section', async () => {
    const page = await open('/limits/');
    const anchor = page.locator('a.header-anchor[href="#memory"]');
    expect(await anchor.getAttribute('aria-label')).toBe('Link to section: Memory');
    expect(await anchor.getAttribute('tabindex')).toBeNull();
    // Tab from the text before it until it has the focus.
    await page.locator('a.header-anchor[href="#http-payload-size"]').focus();
    for (let i = 0; i < 20 && !(await anchor.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    expect(await anchor.evaluate((el) => el === document.activeElement)).toBe(true);
    await poll(() => anchor.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    // The heading's own name stays its text.
    expect(await page.getByRole('heading', { name: 'Memory', exact: true }).count()).toBe(1);
    await page.keyboard.press('Enter');
    await poll(() => page.url()).toBe(site.url('/limits/#memory'));
    await page.close();
  });

  it('the theme toggle says whether dark is on (aria-pressed), following the system until the reader picks', async () => {
    const dark = await newContext(site, { colorScheme: 'dark' });
    const page = await open('/', dark);
    const toggle = page.getByRole('button', { name: 'Dark theme' });
    await poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await page.reload();
    await waitForApp(page);
    await poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.press('Enter');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBeUndefined();
    await dark.close();
  });

  it('applies a stored dark theme before the first paint, with the viewer\'s script blocked', async () => {
    const light = await newContext(site, { colorScheme: 'light' });
    const page = await light.newPage();
    await page.goto(site.url('/limits/'));
    await page.evaluate(() => localStorage.setItem('docsbuild-theme', 'dark'));
    // No main.js at all: only the inline script in <head> can apply it.
    await page.route('**/docs/assets/main.*.js', (route) => route.abort());
    // What the first frame sees: rAF callbacks run before the frame is painted.
    await page.addInitScript(() => {
      const w = window as unknown as { __firstFrame?: { theme?: string; scheme: string; background: string } };
      requestAnimationFrame(() => {
        w.__firstFrame = {
          theme: document.documentElement.dataset.theme,
          scheme: getComputedStyle(document.documentElement).colorScheme,
          background: document.body ? getComputedStyle(document.body).backgroundColor : 'no body yet',
        };
      });
    });
    await page.reload();
    await page.waitForLoadState('load');
    await poll(() => page.evaluate(() => (window as unknown as { __firstFrame?: unknown }).__firstFrame)).toBeDefined();
    const frame = await page.evaluate(() => (window as unknown as { __firstFrame: { theme?: string; scheme: string; background: string } }).__firstFrame);
    expect(frame.theme).toBe('dark');
    expect(frame.scheme).toBe('dark');
    expect(frame.background).not.toBe('rgb(255, 255, 255)');
    expect(await page.evaluate(() => document.documentElement.dataset.viewer)).toBeUndefined();
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(17, 19, 24)');
    await light.close();
  });

  it('copies exactly the code with each block\'s button (by mouse or keyboard) and says "Copied"; shell prompts and output are left out', async () => {
    const clip = await newContext(site, { permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await open('/code/nodejs/', clip);
    const [js, shell] = fences('code/nodejs/README.md');
    const buttons = page.getByRole('button', { name: 'Copy code' });
    expect(await buttons.count()).toBe(await page.locator('main pre').count());
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
    const status = page.locator('#copy-status');
    expect(await status.getAttribute('role')).toBe('status');

    await buttons.nth(0).click();
    await poll(clipboard).toBe(js!.code);
    await poll(() => status.textContent()).toBe('Copied');

    // From the keyboard: Tab reaches it from the code block before it.
    await page.locator('main pre').nth(1).focus();
    await page.keyboard.press('Tab');
    expect(await buttons.nth(1).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(shell!.lang).toBe('bash');
    await poll(clipboard).toBe('npm install axios\nnode --input-type=module \\\n  -e \'import axios from "axios"; console.log(typeof axios.get)\'');
    // Said again for the second copy.
    await poll(() => status.textContent()).toBe('Copied\u00a0');
    await clip.close();
  });

  it('works before the route table arrives: search box, menus and theme toggle', async () => {
    const slow = await newContext(site);
    const page = await slow.newPage();
    const held: Route[] = [];
    await page.route('**/docs/routes.json', (route) => {
      held.push(route);
    });
    // Not until `load`: the held routes.json is preloaded, and a preload holds the load event back.
    await page.goto(site.url('/limits/'), { waitUntil: 'domcontentloaded' });
    await page.locator('html[data-viewer="hydrated"]').waitFor({ state: 'attached' });
    expect(held).toHaveLength(1);

    const box = page.getByRole('combobox', { name: 'Search' });
    expect(await box.isVisible()).toBe(true);
    await box.click();
    await page.keyboard.type('payload');
    expect(await box.inputValue()).toBe('payload');
    // The panel is up, waiting for the index (which waits for routes.json); Escape twice empties the box.
    await page.locator('.search-popup').getByText('Searching…').waitFor();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    expect(await box.inputValue()).toBe('');

    await page.getByRole('button', { name: 'Concepts' }).click();
    expect(await page.getByRole('button', { name: 'Concepts' }).getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Dark theme' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.getByRole('button', { name: 'Dark theme' }).getAttribute('aria-pressed')).toBe('true');
    expect(held).toHaveLength(1);

    // Then it arrives: search answers, links are the app's, the sidebar tree is hydrated.
    await held[0]!.continue();
    await waitForApp(page);
    await box.click();
    await page.keyboard.type('payload');
    await page.getByRole('option').first().waitFor();
    await slow.close();
  });
});
