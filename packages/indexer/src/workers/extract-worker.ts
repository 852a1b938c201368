/**
 * Worker thread entry: reads, hashes and extracts the files it is sent, one at a time. Each
 * worker owns its parser and loads a grammar the first time it meets that language.
 */
import { createHash } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import { extractFile } from '../extraction/extract-file.js';
import { storeExtraction } from '../extraction-cache/extraction-cache.js';
import { loadedGrammars } from '../parsing/grammar-loader.js';
import type { WorkerReply, WorkerRequest } from './messages.js';
import { readSourceFile } from './read-source.js';

const port = parentPort;
if (!port) throw new Error('extract-worker must run as a worker thread');

port.on('message', (request: WorkerRequest) => {
  void handle(request).then((reply) => port.postMessage(reply));
});

async function handle(request: WorkerRequest): Promise<WorkerReply> {
  if (request.type === 'report-grammars') return { type: 'grammars', loaded: loadedGrammars() };
  const { job } = request;
  const read = readSourceFile(job.root, job.path, job.maxBytes);
  if (!read.ok) {
    const reason = read.reason === 'too-large' ? 'too-large' : read.reason === 'outside-root' ? 'symlink-outside-root' : 'unreadable';
    return { type: 'unreadable', id: job.id, message: `${read.reason} when read`, reason };
  }
  const { bytes } = read;
  const contentHash = createHash('sha256').update(bytes).digest('hex');
  const extraction = await extractFile(job.path, job.language, bytes);
  // Stored here, in parallel, rather than on the main thread, which would serialise every entry.
  // A failed parse or extractor may be this machine's state (a grammar not installed, memory), not the file's.
  const failed = extraction.errors.some((e) => e.code === 'parse-failed' || e.code === 'extraction-failed');
  if (job.cacheEntries !== undefined && !failed) storeExtraction(job.cacheEntries, job.path, job.language, contentHash, { extraction, size: bytes.length });
  return { type: 'done', id: job.id, extraction, contentHash, size: bytes.length, mtimeMs: read.mtimeMs };
}
