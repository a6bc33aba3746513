/** The `diagnostics` event's data (see cli/serve/dev.ts). */
export interface DiagnosticsPayload {
  diagnostics: { severity: 'error' | 'warning'; code: string; file: string; line: number; column: number; message: string }[];
  /** The same text the terminal shows, with code frames. */
  text: string;
}

export const OVERLAY_ID = 'docsbuild-dev-overlay';

/**
 * Shows the build's diagnostics over the page, or removes the overlay when
 * there are none. Plain DOM with inline styles: it must work whatever state
 * the app (or its stylesheet) is in.
 */
export function showDiagnostics(doc: Document, payload: DiagnosticsPayload): void {
  doc.getElementById(OVERLAY_ID)?.remove();
  if (payload.diagnostics.length === 0 && payload.text === '') return;
  const errors = payload.diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = payload.diagnostics.length - errors;

  const overlay = doc.createElement('section');
  overlay.id = OVERLAY_ID;
  overlay.setAttribute('role', 'alert');
  overlay.setAttribute('aria-label', 'Build problems');
  overlay.style.cssText =
    'position:fixed;left:0;right:0;bottom:0;max-height:50vh;overflow:auto;z-index:2147483647;margin:0;padding:12px 16px;' +
    'background:#1f1f1f;color:#f5f5f5;border-top:4px solid ' + (errors > 0 ? '#e5484d' : '#f5a524') + ';font:13px/1.45 ui-monospace,monospace';

  const head = doc.createElement('div');
  head.style.cssText = 'display:flex;justify-content:space-between;gap:1rem;font-weight:bold;margin-bottom:8px';
  const title = doc.createElement('span');
  const counts = [errors && `${errors} error${errors === 1 ? '' : 's'}`, warnings && `${warnings} warning${warnings === 1 ? '' : 's'}`].filter(Boolean).join(', ');
  title.textContent = `docsbuild: ${counts || 'the site could not be built'}${errors > 0 ? ' (showing the last good build)' : ''}`;
  const close = doc.createElement('button');
  close.type = 'button';
  close.textContent = 'Dismiss';
  close.style.cssText = 'font:inherit;cursor:pointer';
  close.addEventListener('click', () => overlay.remove());
  head.append(title, close);

  const text = doc.createElement('pre');
  text.style.cssText = 'margin:0;white-space:pre-wrap';
  text.textContent = payload.text;
  overlay.append(head, text);
  doc.body.append(overlay);
}
