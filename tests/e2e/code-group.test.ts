import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext, openSite, poll, skipBrowserTests, waitForApp, type Site } from './harness';

const PAGE = `# Install

<CodeGroup>
<CodeBlock title="npm">
\`\`\`bash
npm install retry-kit
\`\`\`
</CodeBlock>
<CodeBlock title="pnpm">
\`\`\`bash
pnpm add retry-kit
\`\`\`
</CodeBlock>
<CodeBlock title="yarn">
\`\`\`bash
yarn add retry-kit
\`\`\`
</CodeBlock>
</CodeGroup>

::: details Why three package managers?
Each team picks its own.
:::
`;

/** Code groups in Chromium: every panel without JavaScript, tabs with it (arrow keys, the choice remembered). */
describe.skipIf(skipBrowserTests)('viewer: code groups (Chromium)', () => {
  let content: string;
  let site: Site;
  let context: BrowserContext;
  beforeAll(async () => {
    content = await mkdtemp(path.join(os.tmpdir(), 'docsbuild-tabs-'));
    await writeFile(path.join(content, 'site.yaml'), 'title: Tabs\nbase: /docs/\nsidebar:\n  - /\n');
    await writeFile(path.join(content, 'README.md'), PAGE);
    site = await openSite(content);
    context = await newContext(site);
  });
  afterAll(async () => {
    await context?.close();
    await site?.close();
    await rm(content, { recursive: true, force: true });
  });

  const visiblePanels = (page: import('playwright-core').Page) =>
    page.locator('[role="tabpanel"]').evaluateAll((panels) => panels.filter((p) => (p as HTMLElement).offsetParent !== null).map((p) => p.getAttribute('data-title')));

  it('shows every panel under its label without JavaScript', async () => {
    const plain = await newContext(site, { javaScriptEnabled: false });
    const page = await plain.newPage();
    await page.goto(site.url('/'));
    expect(await visiblePanels(page)).toEqual(['npm', 'pnpm', 'yarn']);
    expect(await page.locator('[role="tablist"]').isVisible()).toBe(false);
    await plain.close();
  });

  it('is a tablist with JavaScript: one panel shown, arrow keys move and select, the choice is remembered', async () => {
    const page = await context.newPage();
    await page.goto(site.url('/'));
    await waitForApp(page);
    await poll(() => visiblePanels(page)).toEqual(['npm']);
    await page.getByRole('tab', { name: 'npm', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    await poll(() => visiblePanels(page)).toEqual(['pnpm']);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('pnpm');
    expect(await page.getByRole('tab', { name: 'pnpm', exact: true }).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await poll(() => visiblePanels(page)).toEqual(['yarn']);
    await page.reload();
    await waitForApp(page);
    await poll(() => visiblePanels(page)).toEqual(['yarn']);
    await page.close();
  });

  it('opens every closed details block for printing, and closes the same ones after', async () => {
    const page = await context.newPage();
    await page.goto(site.url('/'));
    await waitForApp(page);
    const details = page.locator('details');
    expect(await details.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    expect(await details.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(await page.getByText('Each team picks its own.').isVisible()).toBe(true);
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    expect(await details.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await page.close();
  });

  it('prints every panel under its label, without the tablist', async () => {
    const page = await context.newPage();
    await page.goto(site.url('/'));
    await waitForApp(page);
    await poll(() => visiblePanels(page)).toHaveLength(1);
    await page.emulateMedia({ media: 'print' });
    expect(await visiblePanels(page)).toEqual(['npm', 'pnpm', 'yarn']);
    expect(await page.locator('[role="tablist"]').isVisible()).toBe(false);
    const label = await page.locator('.code-group-panel').nth(1).evaluate((panel) => getComputedStyle(panel, '::before').content);
    expect(label).toBe('"pnpm"');
    await page.close();
  });
});
