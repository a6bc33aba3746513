import { parentPort, workerData } from 'node:worker_threads';
import { PAGE_PARTS } from './features/parts';
import { createCodeHighlighter, knownLanguageNames, type Highlighter } from './markdown/highlight';
import { createPageTools, processPage } from './page/pipeline';
import type { WorkerReply, WorkerRequest } from './page/protocol';
import type { PageContext } from './page/types';

// A page worker: the same per-page pipeline as the main thread, with its own parser and highlighter.
const context = workerData as PageContext;
let highlighter: Promise<Highlighter> | undefined;
const tools = createPageTools(await knownLanguageNames(), PAGE_PARTS, () => (highlighter ??= createCodeHighlighter(context.codeLanguages)));

parentPort!.on('message', async ({ index, source }: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    reply = { index, result: await processPage(source, context, tools) };
  } catch (error) {
    reply = { index, error: (error as Error).message };
  }
  parentPort!.postMessage(reply);
});
parentPort!.postMessage({ ready: true } satisfies WorkerReply);
