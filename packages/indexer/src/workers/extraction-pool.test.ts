// The extraction threads: every job gets exactly one outcome whichever thread ran it (the main
// thread's lane or a worker), unreadable files are outcomes too, a pool is reused across rounds,
// and the grammars reported are those the files needed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ExtractionPool, poolSize, threadsForWork, type JobOutcome } from './extraction-pool.js';
import type { ExtractJob } from './messages.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-pool-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function jobsFor(count: number, start = 0): ExtractJob[] {
  const jobs: ExtractJob[] = [];
  for (let i = start; i < start + count; i++) {
    const python = i % 3 === 0;
    const file = python ? `m${i}.py` : `m${i}.ts`;
    fs.writeFileSync(path.join(root, file), python ? `def f${i}():\n    return ${i}\n` : `export function f${i}(): number {\n  return ${i};\n}\n`);
    jobs.push({ id: i, path: file, absolutePath: path.join(root, file), language: python ? 'python' : 'typescript', root, maxBytes: 1 << 20 });
  }
  return jobs;
}

async function runAll(pool: ExtractionPool, jobs: ExtractJob[]): Promise<Map<number, JobOutcome[]>> {
  const outcomes = new Map<number, JobOutcome[]>();
  await pool.extract(jobs, (job, outcome) => {
    expect(outcome.id).toBe(job.id);
    outcomes.set(job.id, [...(outcomes.get(job.id) ?? []), outcome]);
  });
  return outcomes;
}

describe('the extraction pool', () => {
  for (const threads of [1, 2, 3]) {
    it(`gives each of 40 jobs one outcome with ${threads} thread(s), the right file's extraction`, async () => {
      const pool = new ExtractionPool(threads);
      const jobs = jobsFor(40);
      const outcomes = await runAll(pool, jobs);
      const run = await pool.close();
      expect([...outcomes.keys()].sort((a, b) => a - b)).toEqual(jobs.map((j) => j.id));
      for (const job of jobs) {
        const [outcome, ...more] = outcomes.get(job.id)!;
        expect(more).toEqual([]);
        expect(outcome.type).toBe('done');
        if (outcome.type !== 'done') continue;
        expect(outcome.extraction.path).toBe(job.path);
        expect(outcome.extraction.declarations.map((d) => d.name)).toContain(`f${job.id}`);
      }
      expect(run.grammarsLoaded).toEqual(['python', 'typescript']);
      expect(run.threads).toBe(threads);
      // Workers are handed the main thread's compiled runtime and grammars: none compiles its own.
      expect(run.compiledByWorkers).toEqual([]);
    });
  }

  it('reports a file that cannot be read as its outcome and goes on', async () => {
    const pool = new ExtractionPool(2);
    const jobs = jobsFor(10, 100);
    jobs[4] = { ...jobs[4], path: 'missing.ts', absolutePath: path.join(root, 'missing.ts') };
    const outcomes = await runAll(pool, jobs);
    await pool.close();
    expect(outcomes.size).toBe(10);
    expect(outcomes.get(jobs[4].id)![0].type).toBe('unreadable');
    expect(jobs.filter((j) => outcomes.get(j.id)![0].type === 'done')).toHaveLength(9);
  });

  it('runs a second round on the same threads, and grows for a larger one', async () => {
    const pool = new ExtractionPool(1);
    expect((await runAll(pool, jobsFor(3, 200))).size).toBe(3);
    pool.growTo(2);
    expect((await runAll(pool, jobsFor(30, 300))).size).toBe(30);
    const run = await pool.close();
    expect(run.threads).toBe(2);
  });

  it('gives the main thread the smallest files first', async () => {
    const pool = new ExtractionPool(1);
    const jobs = jobsFor(6, 400).map((job, i) => ({ ...job, size: [50, 10, 40, 30, 60, 20][i] }));
    const order: number[] = [];
    await pool.extract(jobs, (job) => order.push(job.size!));
    await pool.close();
    expect(order).toEqual([10, 20, 30, 40, 50, 60]);
  });

  it('sizes itself by the machine and the work', () => {
    expect(poolSize(64, 5)).toBe(1);
    expect(poolSize(1, 1000)).toBe(1);
    expect(poolSize(undefined, 1000)).toBe(Math.min(os.availableParallelism(), Math.ceil(1000 / 8)));
    // Files and bytes both count: many tiny files, or a few large ones, are not worth a second thread.
    const sized = (count: number, size: number) => Array.from({ length: count }, () => ({ size }));
    expect(threadsForWork(sized(100, 500))).toBe(1);
    expect(threadsForWork(sized(4, 1 << 20))).toBe(1);
    expect(threadsForWork(sized(40, 16 * 1024))).toBe(5);
    expect(poolSize(64, sized(100, 500))).toBe(1);
    expect(poolSize(2, sized(40, 16 * 1024))).toBe(Math.min(2, os.availableParallelism()));
  });

  it('extracts a few small files on the main thread alone, though workers were started', async () => {
    const pool = new ExtractionPool(3);
    const jobs = jobsFor(30, 500).map((job) => ({ ...job, size: fs.statSync(job.absolutePath).size }));
    const outcomes = await runAll(pool, jobs);
    const run = await pool.close();
    expect(outcomes.size).toBe(30);
    expect(run.threads).toBe(1);
  });
});
