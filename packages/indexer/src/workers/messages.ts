/** Messages between the main thread and extraction workers. Plain data: they are structured-cloned. */
import type { FileExtraction } from '../model/extraction.js';
import type { Language } from '../model/graph-vocabulary.js';

export interface ExtractJob {
  id: number;
  path: string;
  absolutePath: string;
  language: Language;
}

export type WorkerReply =
  | { type: 'done'; id: number; extraction: FileExtraction; contentHash: string; size: number }
  | { type: 'unreadable'; id: number; message: string }
  | { type: 'grammars'; loaded: string[] };

export type WorkerRequest = { type: 'job'; job: ExtractJob } | { type: 'report-grammars' };
