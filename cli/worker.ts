import { parentPort, workerData } from 'node:worker_threads';
import { PAGE_PARTS } from './features/parts';
import { createCodeHighlighter, knownLanguageNames, type Highlighter } from './markdown/highlight';
import { encodeBody } from './page/body-bytes';
import type { EarlyContext, EarlyStart } from './page/early-worker';
import { createPageTools, processPage } from './page/pipeline';
import type { WorkerReply, WorkerRequest } from './page/protocol';
import type { PageContext } from './page/types';

// A page worker: the same per-page pipeline as the main thread, with its own parser and highlighter.
// Started early (page/early-worker.ts), it makes a highlighter for the languages it was given while its context is made, and uses it when they are the context's.
const early = (workerData as Partial<EarlyStart>).early;
const guessed = early?.languages ? { key: early.languages.join('\n'), highlighter: createCodeHighlighter(early.languages) } : undefined;
const context = early ? await new Promise<PageContext>((resolve) => parentPort!.once('message', (message: EarlyContext) => resolve(message.context))) : (workerData as PageContext);
let highlighter: Promise<Highlighter> | undefined;
if (guessed?.key === context.codeLanguages.join('\n')) highlighter = guessed.highlighter;
else guessed?.highlighter.then((h) => h.dispose(), () => undefined);
const tools = createPageTools(await knownLanguageNames(), PAGE_PARTS, () => (highlighter ??= createCodeHighlighter(context.codeLanguages)));

parentPort!.on('message', async ({ index, source }: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    const { summary, body, reusedBlocks } = await processPage(source, context, tools);
    reply = { index, result: { summary, ...(body ? { body: encodeBody(body) } : {}), ...(reusedBlocks ? { reusedBlocks } : {}) } };
  } catch (error) {
    reply = { index, error: (error as Error).message };
  }
  // The body's bytes are handed over, not copied.
  const bytes = 'result' in reply ? reply.result.body : undefined;
  parentPort!.postMessage(reply, bytes ? [bytes.buffer] : []);
});
parentPort!.postMessage({ ready: true } satisfies WorkerReply);
