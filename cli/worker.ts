import { parentPort, workerData } from 'node:worker_threads';
import { createCodeHighlighter, knownLanguageNames, type Highlighter } from './markdown/highlight';
import type { WorkerReply, WorkerRequest } from './page/protocol';
import { createPageTools, processPage, type PageContext } from './page/pipeline';

// A page worker: the same per-page pipeline as the main thread, with its own parser and highlighter.
const context = workerData as PageContext;
let highlighter: Promise<Highlighter> | undefined;
const tools = createPageTools(await knownLanguageNames(), () => (highlighter ??= createCodeHighlighter(context.codeLanguages)));

parentPort!.on('message', async ({ index, source }: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    reply = { index, result: await processPage(source, context, tools) };
  } catch (error) {
    reply = { index, error: (error as Error).message };
  }
  parentPort!.postMessage(reply);
});
