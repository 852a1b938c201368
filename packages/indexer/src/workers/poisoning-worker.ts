/** Worker entry for the crash-recovery tests: the real job loop, with files named `poison…` damaging the runtime. */
import { parentPort } from 'node:worker_threads';
import { runWithPoisoning } from '../test-support/runtime-poisoning.js';
import { serveExtractJobs } from './job-loop.js';

if (!parentPort) throw new Error('poisoning-worker must run as a worker thread');
serveExtractJobs(parentPort, runWithPoisoning);
