/**
 * A fixed pool of extraction workers. A WASM parser runs on the thread that calls it, so one
 * worker per core is what turns a multi-core machine into parsing throughput. Jobs are handed
 * out one at a time (files vary wildly in size, so static partitioning would leave cores idle).
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ExtractJob, WorkerReply, WorkerRequest } from './messages.js';

export type JobOutcome = Extract<WorkerReply, { type: 'done' | 'unreadable' }>;

export interface PoolOptions {
  /** Number of workers; defaults to, and is capped at, the machine's available parallelism. */
  threads?: number;
}

export interface PoolRun {
  grammarsLoaded: string[];
  threads: number;
}

/** Runs every job on the pool, calling `onOutcome` as results arrive (in completion order). */
export async function runExtractionPool(
  jobs: ExtractJob[],
  onOutcome: (job: ExtractJob, outcome: JobOutcome) => void,
  options: PoolOptions = {},
): Promise<PoolRun> {
  // Each worker costs a WASM runtime (~16 MB); more workers than cores only adds memory.
  const wanted = Math.min(options.threads ?? availableParallelism(), availableParallelism());
  // No point starting more workers than there are files (each one costs a WASM runtime).
  const threads = Math.max(1, Math.min(wanted, Math.ceil(jobs.length / 8) || 1));
  const workers = Array.from({ length: threads }, () => new Worker(workerScript()));
  const grammars = new Set<string>();
  let next = 0;

  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            let current: ExtractJob | undefined;
            const feed = () => {
              if (next >= jobs.length) {
                current = undefined;
                worker.postMessage({ type: 'report-grammars' } satisfies WorkerRequest);
                return;
              }
              current = jobs[next++];
              worker.postMessage({ type: 'job', job: current } satisfies WorkerRequest);
            };
            worker.on('message', (reply: WorkerReply) => {
              if (reply.type === 'grammars') {
                reply.loaded.forEach((g) => grammars.add(g));
                resolve();
                return;
              }
              if (current) onOutcome(current, reply);
              feed();
            });
            worker.on('error', (error) => {
              // A worker that dies (e.g. out of memory on a pathological file) fails only its file;
              // the run goes on without that worker.
              if (current) onOutcome(current, { type: 'unreadable', id: current.id, message: `worker crashed: ${error.message}` });
              current = undefined;
              resolve();
            });
            worker.on('exit', (code) => {
              if (current) {
                onOutcome(current, { type: 'unreadable', id: current.id, message: `worker exited with code ${code}` });
                current = undefined;
              }
              resolve();
            });
            feed();
          }),
      ),
    );
    // Jobs left behind by crashed workers are retried on a fresh worker so nothing is lost silently.
    if (next < jobs.length) {
      const rest = await runExtractionPool(jobs.slice(next), onOutcome, { threads: 1 });
      rest.grammarsLoaded.forEach((g) => grammars.add(g));
    }
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return { grammarsLoaded: [...grammars].sort(), threads };
}

/** The compiled worker script. Tests run the TypeScript sources, so fall back to the built copy. */
function workerScript(): URL {
  const sibling = new URL('./extract-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(sibling))) return sibling;
  const built = new URL('../../dist/workers/extract-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return built;
  throw new Error('extraction worker script not found: run `npm run build` first');
}
