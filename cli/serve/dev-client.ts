import path from 'node:path';
import { bundleViewer, VIEWER_DIR } from '../features/viewer/bundle';

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
 * The files the dev server serves: the build's, plus the dev bundle, with
 * every HTML page loading the dev entry instead of the production one.
 * Pages without the viewer (redirect stubs) stay as built.
 */
export function withDevClient(
  files: ReadonlyMap<string, string | Uint8Array>,
  bundle: DevBundle,
  base: string,
  previous?: DevPages,
): Map<string, string | Uint8Array> {
  const served = new Map<string, string | Uint8Array>(files);
  for (const [name, bytes] of bundle.files) if (!name.endsWith('.css')) served.set(name, bytes);
  const tag = devScriptOf(bundle, base);
  for (const [name, content] of files) {
    if (!name.endsWith('.html')) continue;
    // A page the build took over unchanged is the same string as last time: its dev form is too (same entry script).
    const known = previous?.get(content);
    if (known?.tag === tag) {
      served.set(name, known.html);
      continue;
    }
    const dev = devDocument(content, tag);
    served.set(name, dev);
    previous?.set(content, { tag, html: dev });
  }
  return served;
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

/**
 * Each built page's dev form, by the built page itself: a page the build
 * took over unchanged is the same string as last time, so it is neither
 * decoded nor rewritten again. Only the last build's pages are kept.
 */
export class DevPages {
  private last = new Map<string | Uint8Array, { tag: string; html: string }>();
  private current = new Map<string | Uint8Array, { tag: string; html: string }>();

  get(built: string | Uint8Array): { tag: string; html: string } | undefined {
    const known = this.current.get(built) ?? this.last.get(built);
    if (known) this.current.set(built, known);
    return known;
  }

  set(built: string | Uint8Array, dev: { tag: string; html: string }): void {
    this.current.set(built, dev);
  }

  /** After a build is served: what it did not use is dropped. */
  settle(): void {
    this.last = this.current;
    this.current = new Map();
  }
}
