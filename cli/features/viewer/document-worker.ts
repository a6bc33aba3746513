import { parentPort, workerData } from 'node:worker_threads';
import { gzipSize } from '../../output/sizes';
import type { DocumentReply, DocumentRequest, DocumentWorkerData } from './documents-aside';
import { pageDocument } from './prerender';

// The page-HTML worker (documents-aside.ts): each page's HTML document, rendered as the main thread would, and its gzip size.
const { shared, sizes } = workerData as DocumentWorkerData;

parentPort!.on('message', ({ id, chunk, chunkName, sidebar }: DocumentRequest) => {
  let reply: DocumentReply;
  try {
    const html = pageDocument(shared, chunk, chunkName, sidebar);
    reply = { id, html, gzip: sizes ? gzipSize(html) : undefined };
  } catch (error) {
    reply = { id, error: (error as Error).message };
  }
  parentPort!.postMessage(reply);
});
parentPort!.postMessage({ ready: true } satisfies DocumentReply);
