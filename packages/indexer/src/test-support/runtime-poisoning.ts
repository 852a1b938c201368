/**
 * For the crash-recovery tests: damages this thread's parser runtime the way a hostile file does
 * (a WebAssembly trap on the file, and on every later parse), when the job's file name says so.
 */
import { initParser, runtimeMemory } from '../parsing/grammar-loader.js';
import { runExtractJob, type JobOutcome } from '../workers/extract-job.js';
import type { ExtractJob } from '../workers/messages.js';

/** Files whose name contains this damage the runtime that parses them. */
export const POISON_MARK = 'poison';

export async function runWithPoisoning(job: ExtractJob): Promise<JobOutcome> {
  if (job.path.includes(POISON_MARK)) {
    await initParser();
    // Garbage over the whole linear memory: the next call into the runtime traps
    // ("table index is out of bounds"), and so does every call after it.
    runtimeMemory()?.fill(0xab);
  }
  return runExtractJob(job);
}
