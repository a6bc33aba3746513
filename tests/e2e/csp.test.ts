import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../cli/security/csp';
import { collectErrors, newContext, openSite, poll, skipBrowserTests, waitForApp, type Site } from './harness';

/** A Content-Security-Policy violation, as the page's `securitypolicyviolation` event reports it. */
interface Violation {
  directive: string;
  blocked: string;
}

/**
 * The site under the Content-Security-Policy its own HTML carries: loading
 * and navigating pages (with analytics configured) must not trip it once,
 * and the policy must be strict enough to stop injected inline code.
 */
describe.skipIf(skipBrowserTests)('viewer: Content-Security-Policy (Chromium)', () => {
  let site: Site;
  let context: BrowserContext;

  beforeAll(async () => {
    site = await openSite();
    context = await newContext(site);
    // Before any page script: every violation of the page's life is recorded.
    await context.addInitScript(() => {
      const w = window as unknown as { __violations: Violation[] };
      w.__violations = [];
      document.addEventListener('securitypolicyviolation', (e) => w.__violations.push({ directive: e.effectiveDirective, blocked: e.blockedURI }));
    });
  });
  afterAll(async () => {
    await context?.close();
    await site?.close();
  });

  const violations = (page: Page) => page.evaluate(() => (window as unknown as { __violations: Violation[] }).__violations);
  const open = async (sitePath: string) => {
    const page = await context.newPage();
    const errors = collectErrors(page);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(site.url(sitePath));
    await waitForApp(page);
    return { page, errors, requests };
  };

  it('puts the policy first in the head of every HTML file, as the build computes it', async () => {
    const { page } = await open('/');
    const meta = page.locator('meta[http-equiv="Content-Security-Policy"]');
    expect(await meta.getAttribute('content')).toBe(contentSecurityPolicy(site.manifest.site, { delivery: 'meta' }));
    expect(await page.evaluate(() => document.head.firstElementChild?.nextElementSibling?.getAttribute('http-equiv'))).toBe('Content-Security-Policy');
    await page.close();
  });

  it('loads pages (code, tables, the 404 shell) with no violation and no console error, and lets the analytics tag load', async () => {
    for (const sitePath of ['/', '/code/nodejs/', '/api/rest/', '/quickstart/create-new-workflow.html', '/no/such/page/']) {
      const { page, errors, requests } = await open(sitePath);
      expect(await violations(page), sitePath).toEqual([]);
      expect(errors, sitePath).toEqual([]);
      // Allowed by script-src: the browser asks for it (the test context then aborts it).
      expect(requests.some((url) => url.startsWith('https://www.googletagmanager.com/gtag/js')), sitePath).toBe(true);
      await page.close();
    }
  });

  it('colours code from the stylesheet, with no inline style anywhere', async () => {
    const { page } = await open('/code/nodejs/');
    const colour = await page.evaluate(() => {
      const span = document.querySelector('pre.shiki span[class*="shk-l-"]');
      return span ? getComputedStyle(span).getPropertyValue('--shiki-light').trim() : 'no span';
    });
    expect(colour).toMatch(/^#[0-9a-f]{3,8}$/i);
    expect(await page.locator('[style]').count()).toBe(0);
    await page.close();
  });

  it('navigates client-side through pages with code, search and the theme toggle, with no violation', async () => {
    const { page, errors } = await open('/');
    for (const target of ['/code/nodejs/', '/api/rest/', '/limits/', '/quickstart/hello-world/', '/']) {
      await page.locator(`#sidebar .sidebar-items a[href="/docs${target}"]`).first().click();
      await poll(() => page.evaluate(() => location.pathname)).toBe(`/docs${target}`);
      await page.waitForLoadState('networkidle');
    }
    await page.getByRole('button', { name: 'Dark theme' }).first().click();
    // Search loads its panel, engine and index on first focus: all from the site, all allowed.
    await page.getByRole('combobox', { name: 'Search' }).click();
    await page.keyboard.type('payload');
    await poll(() => page.getByRole('listbox', { name: 'Search results' }).getByRole('option').count()).toBeGreaterThan(0);
    expect(await violations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('stops inline script and inline style injected into a page, and reports them', async () => {
    const { page } = await open('/limits/');
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
      const p = document.createElement('p');
      p.setAttribute('onclick', 'window.__clicked = true');
      document.querySelector('main')!.append(p);
      p.click();
      const w = window as unknown as { __injected?: boolean; __clicked?: boolean };
      return { injected: w.__injected === true, clicked: w.__clicked === true };
    });
    expect(ran).toEqual({ injected: false, clicked: false });
    await page.evaluate(() => document.querySelector('main')!.insertAdjacentHTML('beforeend', '<b style="color: red">styled</b>'));
    await poll(async () => (await violations(page)).map((v) => v.directive).sort()).toEqual(['script-src-attr', 'script-src-elem', 'style-src-attr']);
    await page.close();
  });
});
