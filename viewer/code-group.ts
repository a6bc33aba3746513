/** Where the last chosen tab's label is kept, so the next group that offers it opens on it (npm, yarn, pnpm…). */
export const CODE_GROUP_KEY = 'docsbuild-code-tab';

/**
 * Turns the build's prerendered code groups (cli/html/page-hast.ts: every
 * panel shown under its label) into tabs, following the WAI-ARIA tabs
 * pattern: one tab in the tab order, arrow keys, Home and End move and
 * select, the choice is remembered for the next group and page.
 */
export function enhanceCodeGroups(root: HTMLElement): void {
  const win = root.ownerDocument.defaultView;
  const remembered = read(win);
  for (const group of root.querySelectorAll<HTMLElement>('.code-group:not(.tabs-ready)')) {
    const tabs = [...group.querySelectorAll<HTMLButtonElement>(':scope > [role="tablist"] > [role="tab"]')];
    const panels = tabs.map((tab) => root.ownerDocument.getElementById(tab.getAttribute('aria-controls') ?? ''));
    if (tabs.length === 0 || panels.some((p) => p === null)) continue;
    const select = (index: number, focus: boolean) => {
      tabs.forEach((tab, i) => {
        tab.setAttribute('aria-selected', String(i === index));
        tab.tabIndex = i === index ? 0 : -1;
        panels[i]!.hidden = i !== index;
      });
      if (focus) tabs[index]!.focus();
    };
    const initial = tabs.findIndex((t) => t.textContent === remembered);
    select(initial >= 0 ? initial : Math.max(0, tabs.findIndex((t) => t.getAttribute('aria-selected') === 'true')), false);
    tabs.forEach((tab, index) => {
      tab.addEventListener('click', () => {
        select(index, false);
        write(win, tab.textContent ?? '');
      });
      tab.addEventListener('keydown', (event) => {
        const next = keyTarget(event.key, index, tabs.length);
        if (next === undefined) return;
        event.preventDefault();
        select(next, true);
        write(win, tabs[next]!.textContent ?? '');
      });
    });
    group.classList.add('tabs-ready');
  }
}

/** The tab a key moves to, wrapping around; undefined for other keys. */
export function keyTarget(key: string, index: number, count: number): number | undefined {
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}

function read(win: Window | null): string | undefined {
  try {
    return win?.localStorage.getItem(CODE_GROUP_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

function write(win: Window | null, title: string): void {
  try {
    win?.localStorage.setItem(CODE_GROUP_KEY, title);
  } catch {
    // Without storage the choice lasts for this page only.
  }
}
