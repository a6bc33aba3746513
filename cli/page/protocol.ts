import type { SourceFile } from '../source/load';
import type { EncodedPageResult } from './types';

/** Main thread → worker: process this page. The page context arrives once, as workerData. */
export interface WorkerRequest {
  index: number;
  source: SourceFile;
}

/**
 * Worker → main thread: first `ready` (its modules loaded, so a page's time
 * budget counts the page alone), then one reply per page, its body as bytes
 * (transferred, not copied).
 */
export type WorkerReply = { ready: true } | { index: number; result: EncodedPageResult } | { index: number; error: string };
