/**
 * Worker thread entry: serves extraction jobs with `runExtractJob` (workers/job-loop.ts).
 */
import { parentPort } from 'node:worker_threads';
import { runExtractJob } from './extract-job.js';
import { serveExtractJobs } from './job-loop.js';

if (!parentPort) throw new Error('extract-worker must run as a worker thread');
serveExtractJobs(parentPort, runExtractJob);
