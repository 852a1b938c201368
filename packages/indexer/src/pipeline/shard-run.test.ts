/**
 * Shards on a CI matrix: N jobs each extract their share of the files into a pack and write no
 * graph; one run over all N packs takes every file from the cache and writes the graph a single cold
 * run writes, byte for byte, whatever the shard count and thread counts. A missing pack costs the
 * merging run a parse of that shard's files, never a different graph.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateRepository } from '../../../../tools/bench/generate-repo.mjs';
import { dumpGraph } from '../test-support/graph-dump.js';
import { indexRepository } from './index-repository.js';
import type { IndexOptions } from './index-report.js';
import { extractShard, type ShardReport } from './shard-run.js';

const EXPECTATIONS = new URL('../../../../fixtures/expectations/', import.meta.url).pathname;
/** Cases of other languages, beside the generated TypeScript and Python. */
const OTHER_LANGUAGES = ['go-receivers', 'java-receivers', 'rb-attr-readers', 'rust-traits', 'php-namespaces', 'c-linkage', 'csharp-recall', 'kotlin-receivers'];
const NOW = 1_700_000_000_000;
let base: string;
let root: string;
let cold: { dump: string; bytes: string; files: number };

const graphPath = () => path.join(root, '.codegraph', 'codegraph.db');
const fileHash = () => createHash('sha256').update(fs.readFileSync(graphPath())).digest('hex');
const quiet = { onNotice: () => {} };

function index(options: IndexOptions): ReturnType<typeof indexRepository> {
  return indexRepository(root, { now: NOW, ...quiet, ...options });
}

/** Runs shards 1..count (with `threads`), each into its own folder as a CI job would; returns their reports. */
async function runShards(count: number, threads: number, into: string): Promise<ShardReport[]> {
  const reports: ShardReport[] = [];
  for (let index = 1; index <= count; index++) {
    reports.push(await extractShard(root, { shard: { index, count }, cacheDir: path.join(into, `job-${index}`), threads, ...quiet }));
  }
  return reports;
}

/** Puts the packs of the shard folders under `into` side by side in one folder, as downloaded artifacts are. */
function gatherPacks(into: string, skip: number[] = []): string {
  const merged = path.join(into, 'merged');
  fs.mkdirSync(path.join(merged, 'packs'), { recursive: true });
  for (const job of fs.readdirSync(into).filter((name) => name.startsWith('job-'))) {
    if (skip.includes(Number(job.slice(4)))) continue;
    for (const pack of fs.readdirSync(path.join(into, job, 'packs'))) {
      fs.copyFileSync(path.join(into, job, 'packs', pack), path.join(merged, 'packs', pack));
    }
  }
  return merged;
}

beforeAll(async () => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-shards-'));
  root = path.join(base, 'repo');
  generateRepository(root, 240, 7);
  for (const name of OTHER_LANGUAGES) {
    const from = path.join(EXPECTATIONS, name);
    if (fs.existsSync(from)) fs.cpSync(from, path.join(root, 'other', name), { recursive: true });
  }
  // Every run sees the tree with its .codegraph/ (counted once as an ignored folder in the stored report).
  fs.mkdirSync(path.join(root, '.codegraph'));
  const report = await index({ cache: false, threads: 2 });
  cold = { dump: dumpGraph(graphPath()), bytes: fileHash(), files: report.files.indexed };
  expect(new Set(report.grammarsLoaded).size).toBeGreaterThanOrEqual(6);
}, 180_000);

afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

describe('shards on a CI matrix', () => {
  it('4 shards then a merging run write the graph a single cold run writes, byte for byte, every file from the cache', async () => {
    const jobs = path.join(base, 'four');
    fs.rmSync(path.join(root, '.codegraph'), { recursive: true });
    fs.mkdirSync(path.join(root, '.codegraph'));
    const reports = await runShards(4, 2, jobs);
    // A shard writes no graph and touches nothing under .codegraph/.
    expect(fs.readdirSync(path.join(root, '.codegraph'))).toEqual([]);
    expect(reports.map((r) => r.shard.index)).toEqual([1, 2, 3, 4]);
    expect(reports.reduce((sum, r) => sum + r.shard.files, 0)).toBe(cold.files);
    for (const r of reports) {
      expect(r.shard).toMatchObject({ count: 4, totalFiles: cold.files });
      expect(r.cache).toMatchObject({ fromCache: 0, extracted: r.shard.files });
      expect(r.cache.pack).toMatch(/^[0-9a-f]{32}\.pack$/);
    }
    expect(reports.reduce((sum, r) => sum + r.shard.bytes, 0)).toBe(reports[0].shard.totalBytes);

    const merged = await index({ cacheDir: gatherPacks(jobs), threads: 2 });
    expect(merged.cache).toMatchObject({ fromCache: cold.files, extracted: 0 });
    expect(merged.threads).toBe(0);
    expect(dumpGraph(graphPath())).toBe(cold.dump);
    expect(fileHash()).toBe(cold.bytes);
  });

  it('the same graph from 1 and 3 shards run with one thread, and from a cold run with one thread', async () => {
    for (const count of [1, 3]) {
      const jobs = path.join(base, `count-${count}`);
      const reports = await runShards(count, 1, jobs);
      expect(reports.reduce((sum, r) => sum + r.shard.files, 0)).toBe(cold.files);
      const merged = await index({ cacheDir: gatherPacks(jobs), threads: 1 });
      expect(merged.cache.fromCache).toBe(cold.files);
      expect(fileHash()).toBe(cold.bytes);
    }
    await index({ cache: false, threads: 1 });
    expect(fileHash()).toBe(cold.bytes);
  });

  it('a missing pack: the merging run parses that shard\'s files, says how many, and writes the same graph', async () => {
    const jobs = path.join(base, 'missing');
    const reports = await runShards(4, 2, jobs);
    const merged = await index({ cacheDir: gatherPacks(jobs, [3]), threads: 2 });
    expect(merged.cache).toMatchObject({ extracted: reports[2].shard.files, fromCache: cold.files - reports[2].shard.files });
    expect(fileHash()).toBe(cold.bytes);
  });

  it('a shard job whose folder already holds its entries parses nothing and adds no pack', async () => {
    const dir = path.join(base, 'again');
    const first = await extractShard(root, { shard: { index: 2, count: 4 }, cacheDir: dir, ...quiet });
    const second = await extractShard(root, { shard: { index: 2, count: 4 }, cacheDir: dir, ...quiet });
    expect(second.shard).toEqual(first.shard);
    expect(second.cache).toMatchObject({ fromCache: first.shard.files, extracted: 0 });
    expect(second.cache.pack).toBeUndefined();
    expect(fs.readdirSync(path.join(dir, 'packs'))).toEqual([first.cache.pack]);
  });

  it('refuses a bad shard or no cache folder with a message naming the flag, before any work', async () => {
    const dir = path.join(base, 'refused');
    await expect(extractShard(root, { shard: { index: 0, count: 4 }, cacheDir: dir })).rejects.toThrow(/--shard 0\/4: K must be/);
    await expect(extractShard(root, { shard: { index: 5, count: 4 }, cacheDir: dir })).rejects.toThrow(/--shard 5\/4: K must be/);
    await expect(extractShard(root, { shard: { index: 1, count: 0 }, cacheDir: dir })).rejects.toThrow(/--shard 1\/0: N must be/);
    await expect(extractShard(root, { shard: { index: 1, count: 33 }, cacheDir: dir })).rejects.toThrow(/N must be a whole number from 1 to 32/);
    await expect(extractShard(root, { shard: { index: 1.5, count: 4 }, cacheDir: dir })).rejects.toThrow(/K must be/);
    await expect(extractShard(root, { shard: { index: 1, count: 4 }, cacheDir: '' })).rejects.toThrow(/--shard needs --cache-dir/);
    expect(fs.existsSync(dir)).toBe(false);
  });
});
