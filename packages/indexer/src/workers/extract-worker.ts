/**
 * Worker thread entry: runs the jobs it is sent one at a time, in the order sent (the pool queues
 * the next jobs before this one is done, and relies on that order). Each worker owns its parser
 * and loads a grammar the first time it meets that language.
 */
import { parentPort } from 'node:worker_threads';
import { loadedGrammars } from '../parsing/grammar-loader.js';
import { runExtractJob } from './extract-job.js';
import type { WorkerReply, WorkerRequest } from './messages.js';

const port = parentPort;
if (!port) throw new Error('extract-worker must run as a worker thread');

// Strictly one after another: extraction awaits (a grammar's first load), and the next file must
// not start while one waits.
let previous: Promise<void> = Promise.resolve();
port.on('message', (request: WorkerRequest) => {
  previous = previous.then(async () => {
    const reply: WorkerReply = request.type === 'report-grammars' ? { type: 'grammars', loaded: loadedGrammars() } : await runExtractJob(request.job);
    port.postMessage(reply);
  });
});
