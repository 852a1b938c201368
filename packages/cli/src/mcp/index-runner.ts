/**
 * Runs `indexRepository` in a worker thread, one run per root at a time, bounded by a timeout.
 *
 * Per root there is at most one run in progress and one waiting: a request that arrives while a
 * run is in progress waits for it and then indexes again (the tree may have changed since that run
 * read it); further requests while one is already waiting share the waiting run's outcome, since it
 * has not read the tree yet. Watch-mode re-indexes go through the same runner, so an index tool
 * call and a watch re-index never write the same graph at once.
 */
import { Worker } from 'node:worker_threads';
import type { IndexOptions, IndexReport, Progress } from '@arbor/indexer';
import type { IndexWorkerData, IndexWorkerMessage } from './index-worker.js';
import type { IndexSettings } from '../configuration/index-settings.js';

export type IndexOutcome =
  | { ok: true; report: IndexReport; waitedForAnotherRun: boolean; settings: IndexSettings }
  | { ok: false; message: string; timedOut: boolean; waitedForAnotherRun: boolean };

export interface IndexRunnerOptions {
  /** Give up (terminate the worker) after this long. */
  timeoutMs: number;
  indexOptions?: Omit<IndexOptions, 'onProgress'>;
  /** Each run reads the root's arbor.config.json, as `arbor index` does. */
  projectConfiguration?: boolean;
}

interface RootState {
  running: Promise<IndexOutcome> | undefined;
  waiting: { promise: Promise<IndexOutcome>; listeners: Array<(p: Progress) => void> } | undefined;
}

export class IndexRunner {
  private readonly roots = new Map<string, RootState>();
  /** Runs started (for tests and status): how many workers were ever launched. */
  started = 0;

  constructor(private readonly options: IndexRunnerOptions) {}

  isRunning(root: string): boolean {
    return this.roots.get(root)?.running !== undefined;
  }

  index(root: string, onProgress?: (progress: Progress) => void): Promise<IndexOutcome> {
    let state = this.roots.get(root);
    if (!state) {
      state = { running: undefined, waiting: undefined };
      this.roots.set(root, state);
    }
    if (!state.running) return this.start(root, state, onProgress ? [onProgress] : [], false);
    if (state.waiting) {
      if (onProgress) state.waiting.listeners.push(onProgress);
      return state.waiting.promise;
    }
    const listeners = onProgress ? [onProgress] : [];
    const after = state.running;
    const current = state;
    const promise = after.then(() => {
      current.waiting = undefined;
      return this.start(root, current, listeners, true);
    });
    state.waiting = { promise, listeners };
    return promise;
  }

  private start(root: string, state: RootState, listeners: Array<(p: Progress) => void>, waited: boolean): Promise<IndexOutcome> {
    this.started++;
    const run = this.runWorker(root, listeners, waited).finally(() => {
      if (state.running === run) state.running = undefined;
    });
    state.running = run;
    return run;
  }

  private runWorker(root: string, listeners: Array<(p: Progress) => void>, waited: boolean): Promise<IndexOutcome> {
    const data: IndexWorkerData = { root, options: this.options.indexOptions ?? {}, projectConfiguration: this.options.projectConfiguration };
    return new Promise<IndexOutcome>((resolvePromise) => {
      let settled = false;
      const settle = (outcome: IndexOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolvePromise(outcome);
      };
      // stdout: true keeps anything the indexer prints off our stdout, which carries the MCP protocol.
      const worker = new Worker(new URL('./index-worker.js', import.meta.url), { workerData: data, stdout: true });
      worker.stdout.pipe(process.stderr);
      let timedOut = false;
      const timeoutOutcome = (): IndexOutcome => ({
        ok: false,
        timedOut: true,
        waitedForAnotherRun: waited,
        message: `indexing gave up after ${this.options.timeoutMs / 1000} s (the timeout); the previous graph, if any, is unchanged`,
      });
      const timer = setTimeout(() => {
        // Settle only once the worker is gone, so a following run never overlaps this one.
        timedOut = true;
        void worker.terminate().finally(() => settle(timeoutOutcome()));
      }, this.options.timeoutMs);
      worker.on('message', (message: IndexWorkerMessage) => {
        if (timedOut) return;
        if (message.type === 'progress') {
          for (const listener of listeners) listener(message.progress);
        } else if (message.type === 'done') {
          settle({ ok: true, report: message.report, waitedForAnotherRun: waited, settings: message.settings });
        } else {
          settle({ ok: false, timedOut: false, waitedForAnotherRun: waited, message: message.message });
        }
      });
      worker.on('error', (error) => !timedOut && settle({ ok: false, timedOut: false, waitedForAnotherRun: waited, message: error.message }));
      worker.on('exit', (code) => {
        if (timedOut) return settle(timeoutOutcome());
        settle({ ok: false, timedOut: false, waitedForAnotherRun: waited, message: `the index worker stopped (exit code ${code}) before finishing` });
      });
    });
  }
}
