import type { SourceFile } from '../stages/load';
import type { PageResult } from '../stages/page';

/** Main thread → worker: process this page. The page context arrives once, as workerData. */
export interface WorkerRequest {
  index: number;
  source: SourceFile;
}

/** Worker → main thread. */
export type WorkerReply = { index: number; result: PageResult } | { index: number; error: string };
