import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, poll, skipBrowserTests, useSite, waitForApp, type Site } from './harness';

const WIDTHS = [320, 390, 768, 1024, 1280] as const;

/**
 * A proxy on 127.0.0.1 in front of the test server that sends the HTML of
 * `slowPath` 4 KB at a time, 30 ms apart (everything else as it comes): the
 * browser parses and paints a long page in pieces, as it does over a real
 * network, so what arrives late (the outline column) could move what came first.
 * One cut always falls inside the top bar's end, after its first link, with a
 * pause long enough for a paint: a bar drawn half-filled must not move when the rest comes.
 */
async function trickle(target: string, slowPath: string): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer((incoming, outgoing) => {
    const upstream = httpRequest(`${target}${incoming.url}`, { method: incoming.method, headers: { ...incoming.headers, host: new URL(target).host } }, (response) => {
      if (new URL(incoming.url ?? '/', target).pathname !== slowPath) {
        outgoing.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(outgoing);
        return;
      }
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => {
        const body = Buffer.concat(parts);
        const { 'content-length': _length, ...headers } = response.headers;
        outgoing.writeHead(response.statusCode ?? 200, headers);
        const barEnd = body.indexOf('class="topbar-end"');
        const cut = barEnd < 0 ? -1 : body.indexOf('</a>', barEnd);
        let at = 0;
        const next = () => {
          if (outgoing.destroyed) return;
          if (at >= body.length) return void outgoing.end();
          const from = at;
          at = from < cut && cut < from + 4096 ? cut : from + 4096;
          outgoing.write(body.subarray(from, at));
          setTimeout(next, at === cut ? 1000 : 30);
        };
        next();
      });
    });
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What the page measures of its top bar: every visible control's box, and the page's sideways overflow. */
function measureTopBar() {
  const controls = [...document.querySelectorAll<HTMLElement>('.topbar :is(a, button, input)')].filter((el) => {
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    return style.display !== 'none' && style.visibility !== 'hidden' && box.width > 0 && box.height > 0;
  });
  return {
    width: window.innerWidth,
    overflow: document.documentElement.scrollWidth - window.innerWidth,
    controls: controls.map((el) => {
      const box = el.getBoundingClientRect();
      return {
        name: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName,
        tag: el.tagName,
        left: box.left,
        right: box.right,
        top: box.top,
        bottom: box.bottom,
        width: box.width,
        height: box.height,
      };
    }),
  };
}

/**
 * The frame at every width: the top bar fits from 320 to 1280 px, long pages
 * do not move while they load, print shows the page alone, and only system
 * fonts are used (nothing is downloaded for text).
 */
describe.skipIf(skipBrowserTests)('viewer: layout (Chromium)', () => {
  let site: Site;
  let context: BrowserContext;
  useSite((opened) => ({ site, context } = opened));

  for (const width of WIDTHS) {
    it(`fits the top bar at ${width} px: every control on screen, none overlapping, buttons at least 24 px`, async () => {
      const phone = width < 768;
      const sized = await newContext(site, { viewport: { width, height: 800 }, isMobile: phone, hasTouch: phone });
      const page = await sized.newPage();
      await page.goto(site.url('/api/rest/'));
      await waitForApp(page);
      const bar = await page.evaluate(measureTopBar);
      expect(bar.overflow).toBe(0);
      const names = bar.controls.map((c) => c.name);
      // What must be there at every width: the title, search, the version menu and the theme toggle.
      expect(names).toEqual(expect.arrayContaining(['Search', 'Version: latest', 'Dark theme']));
      // The site's title alone, as VuePress shows it (a word added to it read "IPFS Docs Docs" on a site titled so).
      expect(names).toContain('Pipedream');
      if (width < 960) expect(names).toContain('Menu');
      if (width >= 1280) expect(names).toEqual(expect.arrayContaining(['Get Started', 'Concepts', 'Pricing']));
      for (const control of bar.controls) {
        expect(control.left, `${control.name} at ${width}px`).toBeGreaterThanOrEqual(0);
        expect(control.right, `${control.name} at ${width}px`).toBeLessThanOrEqual(width);
        if (control.tag !== 'A' || control.name === 'Menu') {
          expect(control.width, `${control.name} at ${width}px`).toBeGreaterThanOrEqual(24);
          expect(control.height, `${control.name} at ${width}px`).toBeGreaterThanOrEqual(24);
        }
      }
      // Side by side, never on top of each other.
      const sorted = [...bar.controls].sort((a, b) => a.left - b.left);
      for (let i = 1; i < sorted.length; i++) {
        const [a, b] = [sorted[i - 1]!, sorted[i]!];
        const sameRow = a.top < b.bottom && b.top < a.bottom;
        if (sameRow) expect(b.left, `${a.name} / ${b.name} at ${width}px`).toBeGreaterThanOrEqual(a.right - 0.5);
      }
      // Below 1280 px the top navigation is at the top of the sidebar instead (in the drawer on a phone).
      if (width < 1280) expect(await page.locator('#sidebar .drawer-nav a', { hasText: 'Pricing' }).count()).toBe(1);
      if (phone) {
        // The folded search box unfolds across the bar when focused, and takes text.
        await page.getByRole('combobox', { name: 'Search' }).click();
        const box = await page.getByRole('combobox', { name: 'Search' }).boundingBox();
        expect(box!.width).toBeGreaterThan(width - 40);
        expect(box!.x + box!.width).toBeLessThanOrEqual(width);
        await page.keyboard.type('limits');
        expect(await page.getByRole('combobox', { name: 'Search' }).inputValue()).toBe('limits');
      }
      await sized.close();
    });
  }

  for (const width of [390, 1280] as const) {
    it(`keeps the language label and the copy button off the code at ${width} px: both sit above the first line of every block`, async () => {
      const phone = width < 768;
      const sized = await newContext(site, { viewport: { width, height: 800 }, isMobile: phone, hasTouch: phone });
      const page = await sized.newPage();
      await page.goto(site.url('/code/nodejs/'));
      await waitForApp(page);
      await page.locator('main .copy-code').first().waitFor();
      const blocks = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('main .code-block')].map((block) => {
          const pre = block.querySelector('pre')!;
          const code = pre.querySelector('code') ?? pre;
          const range = document.createRange();
          range.selectNodeContents(code);
          const textTop = Math.min(...[...range.getClientRects()].filter((r) => r.width > 0).map((r) => r.top));
          const preTop = pre.getBoundingClientRect().top;
          const label = getComputedStyle(pre, '::before');
          return {
            lang: pre.dataset.lang ?? '',
            button: block.querySelector('.copy-code')!.getBoundingClientRect().bottom,
            // The label's box from its computed offsets (a pseudo-element has no rect of its own).
            label: label.content === 'none' ? preTop : preTop + parseFloat(getComputedStyle(pre).borderTopWidth) + parseFloat(label.top) + parseFloat(label.height),
            textTop,
          };
        }),
      );
      await sized.close();
      expect(blocks.length).toBeGreaterThan(1);
      expect(blocks.filter((b) => b.lang !== '').length).toBeGreaterThan(0);
      for (const block of blocks) {
        expect(block.textTop, `a ${block.lang || 'plain'} block's copy button`).toBeGreaterThanOrEqual(block.button);
        expect(block.textTop, `a ${block.lang || 'plain'} block's label`).toBeGreaterThanOrEqual(block.label);
      }
    });
  }

  /**
   * Total layout shift while /api/rest/ loads under 4× CPU throttling, its
   * HTML arriving in pieces (trickle()), input excluded: each shift with the
   * elements that moved.
   */
  const loadShift = async (width: number, height: number) => {
    const phone = width < 768;
    const throttled = await newContext(site, { viewport: { width, height }, isMobile: phone, hasTouch: phone });
    const page = await throttled.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __shifts: { value: number; sources: string[] }[] };
      w.__shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] })[]) {
          if (entry.hadRecentInput) continue;
          // A pseudo-element or a control's inner box has no node: its rectangles say where it was.
          const sources = (entry.sources ?? []).map((s) =>
            s.node instanceof Element ? `${s.node.tagName}.${s.node.className}` : `${s.node?.nodeName ?? 'no node'} ${JSON.stringify([s.previousRect, s.currentRect])}`,
          );
          w.__shifts.push({ value: entry.value, sources });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const cdp = await throttled.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // The HTML arrives in pieces, as on a real network: the browser paints the text before the outline (last in the HTML) is in.
    const proxy = await trickle(site.origin, '/docs/api/rest/');
    try {
      await page.goto(`${proxy.origin}/docs/api/rest/`, { waitUntil: 'load' });
      await waitForApp(page);
      // Hydration, the sidebar's hydration and the copy buttons are done; give late work a moment to show.
      await page.waitForTimeout(1500);
      return await page.evaluate(() => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts);
    } finally {
      await throttled.close();
      await proxy.close();
    }
  };

  /**
   * No shift a reader could see: the total stays under 0.001, a hundredth of
   * what web.dev calls good (0.1). A row of links moving once, the bug this
   * test was made for, was 0.0155; one CI run saw 0.00002 from a box with no
   * node (a pseudo-element's few pixels) that no later run repeated.
   */
  const expectSteady = (shifts: { value: number; sources: string[] }[]) => {
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
    expect(total, JSON.stringify(shifts, null, 1)).toBeLessThan(0.001);
  };

  it('does not shift /api/rest/ while it loads, under 4× CPU throttling: desktop (the outline column comes last in the HTML)', async () => {
    expectSteady(await loadShift(1280, 800));
  }, 60_000);

  it('does not shift /api/rest/ while it loads, under 4× CPU throttling: phone', async () => {
    expectSteady(await loadShift(390, 844));
  }, 60_000);

  it('prints the page alone: no top bar, sidebar or outline, link targets written out, code wrapped instead of cut', async () => {
    const page = await context.newPage();
    await page.goto(site.url('/'));
    await waitForApp(page);
    await page.emulateMedia({ media: 'print' });
    const printed = await page.evaluate(() => {
      const shown = (selector: string) => [...document.querySelectorAll(selector)].some((el) => getComputedStyle(el).display !== 'none');
      const external = document.querySelector<HTMLAnchorElement>('main .content :is(a[href^="/"], a[href^="http"])')!;
      const pre = document.querySelector('main pre')!;
      const longest = [...document.querySelectorAll('main pre')].map((p) => p.scrollWidth - p.clientWidth);
      return {
        topbar: shown('.topbar'),
        sidebar: shown('.sidebar'),
        outline: shown('.aside'),
        copy: shown('.copy-code'),
        main: shown('main'),
        after: getComputedStyle(external, '::after').content,
        href: external.getAttribute('href'),
        whiteSpace: getComputedStyle(pre).whiteSpace,
        cut: Math.max(...longest),
        background: getComputedStyle(document.body).backgroundColor,
      };
    });
    expect(printed).toMatchObject({ topbar: false, sidebar: false, outline: false, copy: false, main: true, whiteSpace: 'pre-wrap', cut: 0 });
    expect(printed.after).toBe(`" (${printed.href})"`);
    expect(printed.background).toBe('rgb(255, 255, 255)');
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.length).toBeGreaterThan(10_000);
    await page.close();
  });

  it('uses system fonts only (no font is downloaded, nothing leaves 127.0.0.1), with code at 14 px', async () => {
    const page: Page = await context.newPage();
    const requests: { url: string; type: string }[] = [];
    page.on('request', (request) => requests.push({ url: request.url(), type: request.resourceType() }));
    await page.goto(site.url('/code/nodejs/'));
    await waitForApp(page);
    await page.getByRole('combobox', { name: 'Search' }).click();
    await page.keyboard.type('payload');
    await poll(() => page.getByRole('option').count()).toBeGreaterThan(0);
    expect(requests.filter((r) => r.type === 'font')).toEqual([]);
    // The analytics tag is the site's one request elsewhere: the harness refuses it, as every request not to 127.0.0.1.
    expect(requests.filter((r) => new URL(r.url).hostname !== '127.0.0.1').map((r) => new URL(r.url).hostname)).toEqual(['www.googletagmanager.com']);
    const fonts = await page.evaluate(() => ({
      body: getComputedStyle(document.body).fontFamily,
      code: getComputedStyle(document.querySelector('main pre')!).fontFamily,
      codeSize: getComputedStyle(document.querySelector('main pre')!).fontSize,
      faces: document.fonts.size,
    }));
    expect(fonts.body).toMatch(/^system-ui, -apple-system, "Segoe UI", Roboto/);
    expect(fonts.code).toMatch(/^ui-monospace, SFMono-Regular/);
    expect(fonts.codeSize).toBe('14px');
    expect(fonts.faces).toBe(0);
    await page.close();
  });
});
