import type { SourceFile } from '../source/load';
import type { PageResult } from './types';

/** Main thread → worker: process this page. The page context arrives once, as workerData. */
export interface WorkerRequest {
  index: number;
  source: SourceFile;
}

/** Worker → main thread. */
export type WorkerReply = { index: number; result: PageResult } | { index: number; error: string };
