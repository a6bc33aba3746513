import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { Manifest, PageChunk } from '../../../../../schema/manifest';
import { DOCUMENTS_BEFORE_WORKER, DocumentsAside, type MadeDocument } from '../../../../../cli/features/viewer/documents-aside';
import { pageDocument, type DocumentSite } from '../../../../../cli/features/viewer/prerender';
import { gzipSize } from '../../../../../cli/output/sizes';
import { MANIFEST } from '../../../viewer/fixtures';

const WORKER = path.resolve(__dirname, '../../../../../build/document-worker.js');

const site: Manifest['site'] = {
  ...MANIFEST.site,
  nav: [{ text: 'Guides', link: '/limits/', external: false }],
  sidebar: [{ type: 'group', title: 'Start', collapsed: false, children: MANIFEST.pages.map((p) => ({ type: 'page' as const, path: p.path, title: p.title })) }],
};
const shared: DocumentSite = { site, assets: { script: 'assets/main.ABC.js', styles: ['assets/main.DEF.css'], preloads: [] }, contentSecurityPolicy: "default-src 'self'" };

function chunkFor(at: number): PageChunk {
  const page = MANIFEST.pages[at % MANIFEST.pages.length]!;
  return {
    version: 1,
    key: `v-${at}`,
    path: page.path,
    title: `${page.title} ${at}`,
    description: `About ${at}`,
    headers: [{ level: 2, slug: 'first', title: 'First' }],
    html: `<h1 id="t">${page.title}</h1><h2 id="first">First</h2><p>Body ${at} </script> of ${'words '.repeat(at)}</p>`,
  };
}
const here = (at: number): MadeDocument => {
  const html = pageDocument(shared, chunkFor(at), `assets/pages/p${at}.json`, at % 2 ? ['s1'] : []);
  return { html, gzip: gzipSize(html) };
};

/** Memory as the worker wants it: far below the process's peak so far. */
const roomy = () => ({ rss: 0, peak: 2 ** 40 });

let aside: DocumentsAside | undefined;
afterEach(async () => {
  await aside?.close();
  aside = undefined;
});

/** Asks for documents until the worker answers (it is started by the DOCUMENTS_BEFORE_WORKER-th); the pages asked before it are counted. */
async function untilReady(on: DocumentsAside): Promise<number> {
  let asked = 0;
  for (const started = Date.now(); Date.now() - started < 20_000; asked++) {
    const made = on.document(chunkFor(asked), `assets/pages/p${asked}.json`, asked % 2 ? ['s1'] : []);
    if (made) {
      expect(await made).toEqual(here(asked));
      return asked;
    }
    if (asked >= DOCUMENTS_BEFORE_WORKER) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the document worker never answered');
}

describe('cli/features/viewer/documents-aside', () => {
  it('leaves the first documents to this thread, then renders each on the worker as this thread would, with its gzip size', async () => {
    expect(existsSync(WORKER), 'build/document-worker.js missing: run npm run compile').toBe(true);
    aside = new DocumentsAside(pathToFileURL(WORKER), roomy);
    aside.use(shared, true, pageDocument);
    expect(await untilReady(aside)).toBeGreaterThanOrEqual(DOCUMENTS_BEFORE_WORKER);
    const ats = [40, 41, 42, 43, 44, 45];
    const made = await Promise.all(ats.map((at) => aside!.document(chunkFor(at), `assets/pages/p${at}.json`, at % 2 ? ['s1'] : [])));
    expect(made).toEqual(ats.map(here));
  });

  it('without sizes, sends no gzip size', async () => {
    aside = new DocumentsAside(pathToFileURL(WORKER), roomy);
    aside.use(shared, false, pageDocument);
    await untilReady(aside).catch(() => undefined);
    const made = await aside.document(chunkFor(50), 'assets/pages/p50.json', []);
    expect(made).toEqual({ html: here(50).html, gzip: undefined });
  });

  it('makes the documents still pending in this thread when it is closed, and leaves the next ones to this thread', async () => {
    aside = new DocumentsAside(pathToFileURL(WORKER), roomy);
    aside.use(shared, true, pageDocument);
    await untilReady(aside);
    const ats = Array.from({ length: 30 }, (_, i) => 60 + i);
    const pending = ats.map((at) => aside!.document(chunkFor(at), `assets/pages/p${at}.json`, at % 2 ? ['s1'] : []));
    await aside.close();
    expect(await Promise.all(pending)).toEqual(ats.map(here));
    expect(aside.document(chunkFor(1), 'assets/pages/p1.json', [])).toBeUndefined();
  });

  it('a worker that fails leaves its pending documents, and every one after, to this thread: the build goes on', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docsbuild-aside-'));
    try {
      // Ready, then gone at the first document it is sent.
      const failing = path.join(dir, 'document-worker.mjs');
      writeFileSync(failing, "import { parentPort } from 'node:worker_threads';\nparentPort.on('message', () => process.exit(1));\nparentPort.postMessage({ ready: true });\n");
      aside = new DocumentsAside(pathToFileURL(failing), roomy);
      aside.use(shared, true, pageDocument);
      let asked = 0;
      let made: Promise<MadeDocument> | undefined;
      for (const started = Date.now(); !made && Date.now() - started < 20_000; asked++) {
        made = aside.document(chunkFor(asked), `assets/pages/p${asked}.json`, asked % 2 ? ['s1'] : []);
        if (!made && asked >= DOCUMENTS_BEFORE_WORKER) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await made).toEqual(here(asked - 1));
      expect(aside.document(chunkFor(1), 'assets/pages/p1.json', [])).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('starts no worker when the process is not well below its peak so far, and stops it (its documents made here) once it comes near', async () => {
    const MiB = 2 ** 20;
    const memory = { rss: 300 * MiB, peak: 320 * MiB };
    aside = new DocumentsAside(pathToFileURL(WORKER), () => memory);
    aside.use(shared, true, pageDocument);
    for (let at = 0; at < DOCUMENTS_BEFORE_WORKER * 3; at++) expect(aside.document(chunkFor(at), `assets/pages/p${at}.json`, [])).toBeUndefined();
    // Long enough for a worker to be ready (well under a second): none was started.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(aside.document(chunkFor(1), 'assets/pages/p1.json', [])).toBeUndefined();
    await aside.close();

    memory.rss = 100 * MiB;
    aside = new DocumentsAside(pathToFileURL(WORKER), () => memory);
    aside.use(shared, true, pageDocument);
    const asked = await untilReady(aside);
    const ats = Array.from({ length: 8 }, (_, i) => asked + 1 + i);
    const pending = ats.map((at) => aside!.document(chunkFor(at), `assets/pages/p${at}.json`, at % 2 ? ['s1'] : []));
    expect(pending.every((made) => made !== undefined)).toBe(true);
    // The build has grown to within a few MiB of its peak: the worker gives way within the next few documents.
    memory.rss = 316 * MiB;
    const after = Array.from({ length: 20 }, (_, i) => aside!.document(chunkFor(i), `assets/pages/p${i}.json`, []));
    expect(after.at(-1)).toBeUndefined();
    await Promise.all(after);
    expect(await Promise.all(pending)).toEqual(ats.map(here));
  });
});
