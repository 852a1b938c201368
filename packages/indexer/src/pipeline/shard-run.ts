/**
 * `arbor index --shard K/N --cache-dir D`: one job of a CI matrix. It discovers the tree as every
 * run does, takes its share of the files (shard-partition.ts) and extracts them into a pack in D,
 * and writes no graph (nothing under the tree's `.codegraph/` is touched). A later run of
 * `arbor index --cache-dir D` over the packs of all N shards takes every file from the cache and
 * writes the graph a single cold run writes.
 *
 * The cache is not pruned here: D may hold other shards' entries, which are live for the tree even
 * though this job did not look at their files.
 */
import { resolve } from 'node:path';
import { ExtractionCache } from '../extraction-cache/extraction-cache.js';
import { secretInsideRoot } from '../extraction-cache/cache-secret.js';
import { ExtractionPool, poolSize } from '../workers/extraction-pool.js';
import { ARBOR_VERSION } from '../version.js';
import { IndexError, type IndexOptions } from './index-report.js';
import { discoverSources, extractSources, startRun } from './index-repository.js';
import { shardSpecProblem, type ShardSpec } from '@arbor/vocabulary';
import { shardOf } from './shard-partition.js';

export interface ShardOptions extends Omit<IndexOptions, 'cache' | 'cacheDir' | 'writeOnThread' | 'force' | 'now'> {
  /** This job's shard. */
  shard: ShardSpec;
  /** Where the pack goes (required: the graph's own `.codegraph/cache` is not touched by a shard). */
  cacheDir: string;
}

/** `arbor index --shard K/N --json`'s output. */
export interface ShardReport {
  root: string;
  /** Shard `index` of `count`: the `files` and `bytes` it took, of `totalFiles` and `totalBytes` discovered. */
  shard: { index: number; count: number; files: number; bytes: number; totalFiles: number; totalBytes: number };
  /** `fromCache` of the shard's files already had an entry in `dir`; `extracted` were parsed into the pack `pack`. */
  cache: { dir: string; fromCache: number; extracted: number; pack?: string; secretRefused?: string };
  /** Files of the whole tree left out (as `arbor index` counts them), and this shard's unreadable ones. */
  files: { seen: number; skipped: Record<string, number>; skippedFiles: Array<{ path: string; reason: string }> };
  /** Extraction threads used, the main thread counted as one. */
  threads: number;
  timings?: Record<string, { wallMs: number; cpuMs: number }>;
  durationMs: number;
  arborVersion: string;
}

export async function extractShard(rootArg: string, options: ShardOptions): Promise<ShardReport> {
  const problem = shardSpecProblem(options.shard);
  if (problem) throw new IndexError(problem);
  if (typeof options.cacheDir !== 'string' || options.cacheDir === '') {
    throw new IndexError('--shard needs --cache-dir: the folder this shard\'s pack goes into, for the merging run to read');
  }
  const started = Date.now();
  const run = startRun(rootArg, { ...options, cache: true });
  const cacheDir = resolve(options.cacheDir);
  // Checked before any work: a shard whose pack cannot be stored would parse its files for nothing.
  const opened = ExtractionCache.open(cacheDir, false, run.root);
  if (!(opened instanceof ExtractionCache)) throw new IndexError(`--cache-dir ${options.cacheDir} cannot be used: ${opened.unusable}`);
  opened.close();
  const coldStart = !ExtractionCache.mayHoldEntries(cacheDir);
  const pool = new ExtractionPool(coldStart ? poolSize(options.threads, Infinity) : 1);
  try {
    const discovered = await discoverSources(run);
    run.clock.lap('discover');
    const totalFiles = discovered.jobs.length;
    const totalBytes = sumBytes(discovered.jobs);
    discovered.jobs = shardOf(discovered.jobs, options.shard);
    const bytes = sumBytes(discovered.jobs);
    const extracted = await extractSources(run, pool, discovered, !coldStart);
    const refused = secretInsideRoot(run.root);
    const report: ShardReport = {
      root: run.root,
      shard: { ...options.shard, files: discovered.jobs.length, bytes, totalFiles, totalBytes },
      cache: {
        dir: extracted.cache?.dir ?? cacheDir,
        fromCache: extracted.hits.length,
        extracted: extracted.indexed.length - extracted.hits.length,
        ...(extracted.runPack ? { pack: extracted.runPack } : {}),
        ...(refused ? { secretRefused: refused } : {}),
      },
      files: { seen: discovered.seen, skipped: discovered.skips.counts, skippedFiles: discovered.skips.listed },
      threads: extracted.extractedHere ? extracted.poolRun.threads : 0,
      durationMs: 0,
      arborVersion: ARBOR_VERSION,
    };
    extracted.cache?.close();
    report.timings = run.clock.times;
    report.durationMs = Date.now() - started;
    return report;
  } finally {
    await pool.close();
  }
}

function sumBytes(jobs: ReadonlyArray<{ size?: number }>): number {
  let bytes = 0;
  for (const job of jobs) bytes += job.size ?? 0;
  return bytes;
}
