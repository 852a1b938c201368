/**
 * One extraction job, wherever it runs (a worker, or the main thread's own lane): read the file
 * under the root, hash it, extract it, and encode the result as a cache entry.
 */
import { sha256Hex } from '@arbor/vocabulary';
import { looksBinaryBytes } from '../discovery/file-checks.js';
import { extractFile } from '../extraction/extract-file.js';
import { detachCallSites } from '../extraction/deferred-sites.js';
import { extractionLanguages } from '../languages/index.js';
import { encodeForCache } from '../extraction-cache/extraction-cache.js';
import { extractionFailure } from '../model/extraction.js';
import { noteRuntimeError, retireThisThreadsRuntime, takeRuntimeDamage } from '../parsing/runtime-crash.js';
import type { ExtractJob, WorkerReply } from './messages.js';
import { readSourceFile } from './read-source.js';

export type JobOutcome = Extract<WorkerReply, { type: 'done' | 'unreadable' }>;

/**
 * Runs one job. When the file left this thread's parser runtime damaged (a trap, a stack
 * overflow), the outcome says so and the runtime is retired: the pool runs nothing more on this
 * thread, and runs the file again on a fresh one (workers/extraction-pool.ts).
 */
export async function runExtractJob(job: ExtractJob): Promise<JobOutcome> {
  const outcome = await extractJob(job);
  const damage = takeRuntimeDamage();
  if (damage === undefined) return outcome;
  retireThisThreadsRuntime();
  return { ...outcome, runtimeDamage: damage };
}

async function extractJob(job: ExtractJob): Promise<JobOutcome> {
  takeRuntimeDamage();
  try {
    const read = readSourceFile(job.root, job.path, job.maxBytes);
    if (!read.ok) {
      const reason = read.reason === 'too-large' ? 'too-large' : read.reason === 'outside-root' ? 'symlink-outside-root' : 'unreadable';
      return { type: 'unreadable', id: job.id, message: `${read.reason} when read`, reason };
    }
    const { bytes } = read;
    // Discovery left this check to the one read of the file (discovery/types.ts, sniffBinary).
    if (looksBinaryBytes(bytes)) return { type: 'unreadable', id: job.id, message: '', reason: 'binary' };
    const contentHash = sha256Hex(bytes);
    const extraction = await extractFile(job.path, job.language, bytes, extractionLanguages);
    // Encoded by whoever extracted it, in parallel, rather than all on the main thread.
    // A failed parse or extractor may be this machine's state (a grammar not installed, memory), not the file's.
    const failed = extractionFailure(extraction) !== undefined;
    // One JSON of the sites for the cache entry and the detached sites alike.
    const sitesJson = !failed && (job.encodeForCache || job.detachCallSites) ? JSON.stringify(extraction.references) : undefined;
    const cacheEntry = job.encodeForCache && !failed ? encodeForCache(job.path, job.language, contentHash, { extraction, size: bytes.length }, job.root, sitesJson) : undefined;
    const callSites = job.detachCallSites && sitesJson !== undefined ? detachCallSites(extraction, sitesJson) : undefined;
    return { type: 'done', id: job.id, extraction, contentHash, size: bytes.length, mtimeMs: read.mtimeMs, cacheEntry, callSites };
  } catch (error) {
    noteRuntimeError(error);
    return { type: 'unreadable', id: job.id, message: `extraction failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}
