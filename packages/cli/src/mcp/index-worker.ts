/**
 * Runs one `indexRepository` (the code behind `arbor index`) off the main thread, so the MCP
 * server keeps answering queries while resolution and writing take the CPU. Progress goes back
 * as messages; the parent may terminate this worker at its timeout (the graph is written
 * atomically, so the previous one stays).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { IndexOptions, Progress } from '@arbor/indexer';
import type { IndexSettings } from '../configuration/index-settings.js';

export interface IndexWorkerData {
  root: string;
  options: Omit<IndexOptions, 'onProgress'>;
  /** Read `<root>/arbor.config.json` as `arbor index` does (options above then override it). */
  projectConfiguration?: boolean;
}

export type IndexWorkerMessage =
  | { type: 'progress'; progress: Progress }
  | { type: 'done'; report: import('@arbor/indexer').IndexReport; settings: IndexSettings }
  | { type: 'error'; message: string; userError: boolean };

const { root, options, projectConfiguration } = workerData as IndexWorkerData;
const post = (message: IndexWorkerMessage) => parentPort!.postMessage(message);

try {
  const { GraphWriteError, indexRepository, IndexError, LANGUAGE_DESCRIPTORS } = await import('@arbor/indexer');
  const { resolveIndexSettings } = await import('../configuration/index-settings.js');
  const { ConfigurationError } = await import('../configuration/project-configuration.js');
  try {
    let last = 0;
    // The settings `arbor index` would use for this root, read at every run so an edit applies at the next one.
    const resolved = projectConfiguration ? resolveIndexSettings(root, {}, LANGUAGE_DESCRIPTORS.map((d) => d.name)) : undefined;
    const settings = { ...resolved?.settings, ...options };
    const report = await indexRepository(root, {
      ...settings,
      ...(resolved ? { configuration: { ...resolved.recorded } } : {}),
      onProgress: (progress) => {
        // Thousands of per-file events would flood the parent: a few a second is enough.
        const now = Date.now();
        if (now - last < 100 && progress.done !== progress.total) return;
        last = now;
        post({ type: 'progress', progress });
      },
    });
    post({ type: 'done', report, settings: { languages: settings.languages ? [...settings.languages] : undefined, exclude: settings.exclude, gitignore: settings.gitignore, maxFileSize: settings.maxFileSize } });
  } catch (error) {
    const userError = error instanceof IndexError || error instanceof GraphWriteError || error instanceof ConfigurationError;
    post({ type: 'error', message: error instanceof Error ? error.message : String(error), userError });
  }
} catch (error) {
  post({ type: 'error', message: `cannot load the indexer: ${error instanceof Error ? error.message : String(error)}`, userError: false });
}
