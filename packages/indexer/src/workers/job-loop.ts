/**
 * A worker thread's loop: runs the jobs it is sent one at a time, in the order sent (the pool
 * queues the next jobs before this one is done, and relies on that order). Each worker owns its
 * parser and links a grammar the first time it meets that language, from the compiled module the
 * main thread sent ahead of that job. Once a job has left the
 * thread's parser runtime damaged, the queued jobs are not run here: the pool has handed them to
 * another thread and is stopping this one.
 */
import type { MessagePort } from 'node:worker_threads';
import { adoptCompiledModule, modulesCompiledHere } from '../parsing/compiled-modules.js';
import { loadedGrammars } from '../parsing/grammar-loader.js';
import { thisThreadsRuntimeRetired } from '../parsing/runtime-crash.js';
import type { JobOutcome } from './extract-job.js';
import type { ExtractJob, WorkerReply, WorkerRequest } from './messages.js';

export function serveExtractJobs(port: MessagePort, run: (job: ExtractJob) => Promise<JobOutcome>): void {
  // Strictly one after another: extraction awaits (a grammar's first load), and the next file must
  // not start while one waits.
  let previous: Promise<void> = Promise.resolve();
  port.on('message', (request: WorkerRequest) => {
    // Kept at once: it is sent before the jobs that need it, so it is here before they run.
    if (request.type === 'compiled') {
      adoptCompiledModule(request.name, request.module);
      return;
    }
    previous = previous.then(async () => {
      if (request.type === 'report-grammars') {
        port.postMessage({ type: 'grammars', loaded: loadedGrammars(), compiledHere: modulesCompiledHere() } satisfies WorkerReply);
        return;
      }
      if (thisThreadsRuntimeRetired()) return;
      port.postMessage((await run(request.job)) satisfies WorkerReply);
    });
  });
}
