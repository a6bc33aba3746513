/** Languages whose blocks may show a prompt (`$ pd whoami`) before the commands. */
const SHELLS = new Set(['bash', 'sh', 'shell', 'zsh', 'console', 'shellsession']);
const PROMPT = /^\$ /;
/** How long the button shows that it copied. */
const COPIED_MS = 2000;

/**
 * What the copy button puts on the clipboard: the block's text exactly,
 * except in a shell block that shows prompts, where it is the commands alone
 * (`$ ` removed, the output lines left out; a command continued with `\`
 * keeps its next line).
 */
export function copyText(code: string, lang: string | undefined): string {
  const lines = code.split('\n');
  if (!SHELLS.has(lang ?? '') || !lines.some((line) => PROMPT.test(line))) return code;
  const commands: string[] = [];
  let continued = false;
  for (const line of lines) {
    if (PROMPT.test(line)) commands.push(line.replace(PROMPT, ''));
    else if (continued) commands.push(line);
    else continue;
    continued = line.endsWith('\\');
  }
  return commands.join('\n');
}

/**
 * Gives every code block in `root` a copy button (once): a real button, so
 * it is in the tab order, named "Copy code"; the result is announced by a
 * polite live region ("Copied"). Each block is wrapped in
 * `<div class="code-block">` so the button stays put while the code scrolls
 * sideways; the wrapper has no box of its own, so nothing moves.
 */
export function addCopyButtons(root: HTMLElement): void {
  const status = liveRegion(root.ownerDocument);
  for (const pre of root.querySelectorAll('pre')) {
    if (pre.parentElement?.classList.contains('code-block')) continue;
    const wrapper = root.ownerDocument.createElement('div');
    wrapper.className = 'code-block';
    const button = root.ownerDocument.createElement('button');
    button.type = 'button';
    button.className = 'copy-code';
    button.setAttribute('aria-label', 'Copy code');
    button.title = 'Copy code';
    // The icon is drawn by CSS (nothing but the page's own HTML goes into it); the label shows once copied.
    const label = root.ownerDocument.createElement('span');
    label.className = 'copy-label';
    label.setAttribute('aria-hidden', 'true');
    label.textContent = 'Copied';
    button.append(label);
    let timer: ReturnType<typeof setTimeout> | undefined;
    button.addEventListener('click', () => {
      const text = copyText((pre.querySelector('code') ?? pre).textContent ?? '', pre.dataset.lang);
      navigator.clipboard.writeText(text).then(
        () => {
          button.classList.add('copied');
          clearTimeout(timer);
          timer = setTimeout(() => button.classList.remove('copied'), COPIED_MS);
          announce(status, 'Copied');
        },
        () => announce(status, 'Copying is not allowed here: select the code and copy it instead'),
      );
    });
    pre.replaceWith(wrapper);
    wrapper.append(pre, button);
  }
}

/** One polite status region for the page, outside the app's tree (React never touches it). */
function liveRegion(doc: Document): HTMLElement {
  let region = doc.getElementById('copy-status');
  if (!region) {
    region = doc.createElement('div');
    region.id = 'copy-status';
    region.className = 'visually-hidden';
    region.setAttribute('role', 'status');
    doc.body.append(region);
  }
  return region;
}

/** Says `text`; the same text twice in a row is still said (a no-break space makes it a change). */
function announce(region: HTMLElement, text: string): void {
  region.textContent = region.textContent === text ? `${text}\u00a0` : text;
}
