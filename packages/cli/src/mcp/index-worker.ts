/**
 * Runs one `indexRepository` (the code behind `arbor index`) off the main thread, so the MCP
 * server keeps answering queries while resolution and writing take the CPU. Progress goes back
 * as messages; the parent may terminate this worker at its timeout (the graph is written
 * atomically, so the previous one stays).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { IndexOptions, Progress } from '@arbor/indexer';

export interface IndexWorkerData {
  root: string;
  options: Omit<IndexOptions, 'onProgress'>;
}

export type IndexWorkerMessage =
  | { type: 'progress'; progress: Progress }
  | { type: 'done'; report: import('@arbor/indexer').IndexReport }
  | { type: 'error'; message: string; userError: boolean };

const { root, options } = workerData as IndexWorkerData;
const post = (message: IndexWorkerMessage) => parentPort!.postMessage(message);

try {
  const { GraphWriteError, indexRepository, IndexError } = await import('@arbor/indexer');
  try {
    let last = 0;
    const report = await indexRepository(root, {
      ...options,
      onProgress: (progress) => {
        // Thousands of per-file events would flood the parent: a few a second is enough.
        const now = Date.now();
        if (now - last < 100 && progress.done !== progress.total) return;
        last = now;
        post({ type: 'progress', progress });
      },
    });
    post({ type: 'done', report });
  } catch (error) {
    const userError = error instanceof IndexError || error instanceof GraphWriteError;
    post({ type: 'error', message: error instanceof Error ? error.message : String(error), userError });
  }
} catch (error) {
  post({ type: 'error', message: `cannot load the indexer: ${error instanceof Error ? error.message : String(error)}`, userError: false });
}
