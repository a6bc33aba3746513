/**
 * On paper every `<details>` block is open (`::: details` containers, raw
 * details): a reader who prints a page gets the text a closed one hides.
 * They are opened just before printing and the same ones closed after, so
 * the screen stays as the reader left it.
 */
export function openDetailsForPrint(win: Window): void {
  let opened: HTMLDetailsElement[] = [];
  win.addEventListener('beforeprint', () => {
    opened = [...win.document.querySelectorAll<HTMLDetailsElement>('details:not([open])')];
    for (const details of opened) details.open = true;
  });
  win.addEventListener('afterprint', () => {
    for (const details of opened) details.open = false;
    opened = [];
  });
}
