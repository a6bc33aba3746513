import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PageChunk } from '../../../schema/manifest';
import { gzipSize } from '../../output/sizes';
import type { DocumentSite, pageDocument } from './prerender';

/** What the page-HTML worker (document-worker.ts) is started with. */
export interface DocumentWorkerData {
  shared: DocumentSite;
  /** Whether each document's gzip size is wanted (the size report). */
  sizes: boolean;
}

export interface DocumentRequest {
  id: number;
  chunk: PageChunk;
  chunkName: string;
  sidebar: readonly string[];
}

export type DocumentReply = { ready: true } | { id: number; html: string; gzip?: number } | { id: number; error: string };

/** A page's HTML document, and its gzip size when sizes are wanted. */
export interface MadeDocument {
  html: string;
  gzip?: number;
}

/**
 * Documents made in this thread before the worker is started: a build that
 * makes fewer (one page edited: one or two) never pays for a thread
 * (~100 ms of CPU to start and load React), and the first pages of a cold
 * build do not wait for it.
 */
export const DOCUMENTS_BEFORE_WORKER = 32;

/**
 * The worker's heap in MiB. What it keeps is the site's shell and sidebar
 * (about 4 MiB at 10,000 pages); what it makes of a page (the document, its
 * gzip) is garbage once sent. V8's defaults (a young generation up to
 * 32 MiB, the old one collected late) only added to the build's peak; a
 * 2 MiB young generation had the worker collecting for 40% of its time
 * (2,000 pages: 1.8 s of GC; 0.7 s at 8). A site too large for the old
 * generation runs the worker out of heap: its documents are then made in
 * this thread.
 */
const WORKER_HEAP = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 32 };

/**
 * Renders page HTML documents (prerender.ts's pageDocument, and their gzip
 * size) on a worker thread of their own, while this thread makes the rest of
 * each page's output. In a cold build the page workers have finished by the
 * "chunks and page HTML" stage and this thread ran it alone, a core idle: the
 * document's React render and gzip were about a third of its work (2,000
 * pages: 0.6 s of 2.2 s of this thread's CPU). The worker is started once a
 * build has made DOCUMENTS_BEFORE_WORKER documents here; until it is ready,
 * and for good if it fails, `document` answers undefined and the caller
 * renders in this thread, the same function on the same input: the same bytes.
 */
export class DocumentsAside {
  private worker?: Worker;
  private sent = 0;
  private ready = false;
  private failed = false;
  private madeHere = 0;
  private nextId = 0;
  private site?: DocumentWorkerData;
  private render?: typeof pageDocument;
  private readonly pending = new Map<number, { request: DocumentRequest; resolve(made: MadeDocument): void; reject(error: Error): void }>();

  constructor(
    private readonly script: URL,
    // Replaceable for the tests.
    private readonly memory: () => MemoryNow = memoryNow,
  ) {}

  /**
   * The site every document of this build shares, given before the first
   * `document`, and pageDocument for the documents made in this thread
   * (given, not imported: React loads only when a build renders pages).
   */
  use(shared: DocumentSite, sizes: boolean, render: typeof pageDocument): void {
    this.site = { shared, sizes };
    this.render = render;
  }

  /** The page's document from the worker, or undefined: make it in this thread. */
  document(chunk: PageChunk, chunkName: string, sidebar: readonly string[]): Promise<MadeDocument> | undefined {
    if (this.failed || !this.site) return undefined;
    if (!this.ready) {
      if (++this.madeHere === DOCUMENTS_BEFORE_WORKER && this.fits(WORKER_ROOM)) this.start(this.site);
      return undefined;
    }
    // The build's memory grows as it writes pages (the search postings): the worker gives way before it would raise the peak.
    if (++this.sent % DOCUMENTS_BETWEEN_MEMORY_LOOKS === 0 && !this.fits(PEAK_MARGIN)) {
      void this.close();
      return undefined;
    }
    const request: DocumentRequest = { id: this.nextId++, chunk, chunkName, sidebar };
    // Held only while documents are pending: an idle worker never keeps the process alive.
    if (this.pending.size === 0) this.worker!.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(request.id, { request, resolve, reject });
      this.worker!.postMessage(request);
    });
  }

  /** Stops the worker (the build is over, however it ended). */
  async close(): Promise<void> {
    this.failed = true;
    const worker = this.worker;
    this.worker = undefined;
    this.settleHere();
    await worker?.terminate();
  }

  /** Whether `room` more bytes than the process holds now stay within the peak it has already reached (the per-page stage's). */
  private fits(room: number): boolean {
    const { rss, peak } = this.memory();
    return rss + room <= peak;
  }

  private start(site: DocumentWorkerData): void {
    const worker = new Worker(this.script, { workerData: site, resourceLimits: WORKER_HEAP });
    worker.unref();
    worker.on('message', (reply: DocumentReply) => {
      if ('ready' in reply) {
        this.ready = !this.failed;
        return;
      }
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if ('error' in reply) waiting.reject(new Error(reply.error));
      else waiting.resolve({ html: reply.html, gzip: reply.gzip });
    });
    // A worker that fails (or exits) leaves its documents to this thread, and the rest of the build's too.
    const fail = () => {
      this.failed = true;
      this.settleHere();
      this.worker = undefined;
    };
    worker.on('error', fail);
    worker.on('exit', fail);
    this.worker = worker;
  }

  /** The documents still waiting for the worker, made in this thread. */
  private settleHere(): void {
    const site = this.site;
    for (const { request, resolve, reject } of this.pending.values()) {
      try {
        const html = this.render!(site!.shared, request.chunk, request.chunkName, request.sidebar);
        resolve({ html, gzip: site!.sizes ? gzipSize(html) : undefined });
      } catch (error) {
        reject(error as Error);
      }
    }
    this.pending.clear();
  }
}

/** The process's resident set now and its peak so far, in bytes. */
export interface MemoryNow {
  rss: number;
  peak: number;
}

function memoryNow(): MemoryNow {
  return { rss: process.memoryUsage.rss(), peak: process.resourceUsage().maxRSS * 1024 };
}

/**
 * The worker runs only within the peak the build has already reached: the
 * per-page stage's, when its page workers ran. A worker with React and the
 * site's sidebar takes 20-30 MiB; started, it is stopped (its documents made
 * in this thread again) once the process comes within PEAK_MARGIN of that
 * peak, looked at every DOCUMENTS_BETWEEN_MEMORY_LOOKS documents. Without
 * that, at 10,000 pages cold the stage's end (392 MiB with the worker) was
 * above the per-page stage's peak (382-395 MiB).
 */
const WORKER_ROOM = 48 * 2 ** 20;
const PEAK_MARGIN = 8 * 2 ** 20;
const DOCUMENTS_BETWEEN_MEMORY_LOOKS = 16;

/**
 * The aside for a build whose pages may run on worker threads (`workerScript`,
 * the compiled page worker; the document worker is compiled beside it), on
 * a machine with a core to spare; undefined otherwise.
 */
export function documentsAsideFor(workerScript: URL | undefined): DocumentsAside | undefined {
  if (!workerScript || availableParallelism() < 2) return undefined;
  const script = new URL('./document-worker.js', workerScript);
  return existsSync(fileURLToPath(script)) ? new DocumentsAside(script) : undefined;
}
