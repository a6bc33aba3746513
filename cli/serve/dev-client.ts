import path from 'node:path';
import { bundleViewer, VIEWER_DIR } from '../features/viewer/bundle';
import type { ServedForm } from './file-source';

/** The dev-only viewer entry: the app plus live updates and the diagnostics overlay. Never in `docsbuild build` output. */
export const DEV_ENTRY = path.join(VIEWER_DIR, 'dev', 'main.tsx');

/** The URL segment of the dev server's own routes, right after the base: `/docs/__docsbuild/events`. */
export const DEV_SEGMENT = '__docsbuild';

export interface DevBundle {
  files: Map<string, Uint8Array>;
  /** The dev entry script, relative to the site root. */
  script: string;
}

export async function bundleDevClient(base: string): Promise<DevBundle> {
  const bundle = await bundleViewer({ base, entry: DEV_ENTRY });
  return { files: bundle.files, script: bundle.script };
}

const MODULE_SCRIPT = /<script type="module" src="[^"]*"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" href="[^"]*">\n?/g;

/**
 * The files the dev server serves: the build's, plus the dev bundle, and
 * the form they are served in: every HTML page loading the dev entry
 * instead of the production one. Pages without the viewer (redirect stubs)
 * stay as built.
 */
export function withDevClient(files: ReadonlyMap<string, string | Uint8Array>, bundle: DevBundle, base: string): { files: Map<string, string | Uint8Array>; form: ServedForm } {
  const served = new Map<string, string | Uint8Array>(files);
  for (const [name, bytes] of bundle.files) if (!name.endsWith('.css')) served.set(name, bytes);
  const tag = devScriptOf(bundle, base);
  return { files: served, form: { key: tag, of: (name, content) => (name.endsWith('.html') ? devDocument(content, tag) : content) } };
}

/** The script tag that loads the dev entry. */
export function devScriptOf(bundle: DevBundle, base: string): string {
  return `<script type="module" src="${base}${bundle.script}"></script>`;
}

/** A built HTML page as dev serves it: the dev entry (`tag`) in place of the production one and its preloads. */
export function devDocument(content: string | Uint8Array, tag: string): string {
  const html = typeof content === 'string' ? content : new TextDecoder().decode(content);
  return MODULE_SCRIPT.test(html) ? html.replace(MODULE_PRELOAD, '').replace(MODULE_SCRIPT, tag) : html;
}
