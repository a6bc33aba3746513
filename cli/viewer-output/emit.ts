import type { Manifest, PageChunk } from '../../schema/manifest';
import { bundleViewer } from '../bundle';
import { prerenderSite } from '../stages/prerender';
import { codeStylesheet } from '../markdown/code-classes';
import { contentSecurityPolicy } from '../security/csp';
import { contentHash } from '../stages/manifest';

export interface ViewerEmitInput {
  manifest: Manifest;
  /** The build's output so far: the page chunks are read from here by the names in the manifest. */
  files: ReadonlyMap<string, string | Uint8Array>;
}

/** The viewer's output files: the bundle under assets/, the code colours' stylesheet, and the static HTML of every route under the site's Content-Security-Policy. */
export async function emitViewer(input: ViewerEmitInput): Promise<Map<string, string | Uint8Array>> {
  const { manifest, files } = input;
  const bundle = await bundleViewer({ base: manifest.site.base });
  const chunks = new Map<string, PageChunk>();
  for (const record of manifest.pages) {
    const content = files.get(record.chunk);
    if (content === undefined) throw new Error(`The chunk ${record.chunk} of ${record.path} is not in the output.`);
    chunks.set(record.path, JSON.parse(typeof content === 'string' ? content : new TextDecoder().decode(content)) as PageChunk);
  }
  // Code colours are classes, not inline styles (a strict CSP refuses those): their rules, from every page's HTML.
  const codeCss = codeStylesheet([...chunks.values()].map((chunk) => chunk.html));
  const codeFiles = codeCss === '' ? [] : [[`assets/code.${contentHash(codeCss)}.css`, codeCss] as const];
  const assets = { ...bundle, styles: [...bundle.styles, ...codeFiles.map(([name]) => name)] };
  const html = prerenderSite({ manifest, chunks, assets, contentSecurityPolicy: contentSecurityPolicy(manifest.site, { delivery: 'meta' }) });
  return new Map<string, string | Uint8Array>([...bundle.files, ...codeFiles, ...html]);
}
