// A file that crashes its thread's parser runtime (a WebAssembly trap that leaves the runtime's
// memory garbage, so every later parse on that thread traps too) costs only itself: the innocent
// files that thread would have parsed next are parsed elsewhere with every declaration, and the
// file is reported as one the parser crashed on. The damage is real: the test worker and the
// main thread's lane overwrite their runtime's memory when they meet a file named `poison…`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { thisThreadsRuntimeRetired } from '../parsing/runtime-crash.js';
import { runWithPoisoning } from '../test-support/runtime-poisoning.js';
import { ExtractionPool, type JobOutcome } from './extraction-pool.js';
import type { ExtractJob } from './messages.js';
import { compiledWorkerScript } from './worker-script.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-crash-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const poisoningWorker = compiledWorkerScript(import.meta.url, 'workers/poisoning-worker.js');

const SOURCES = {
  typescript: ['ts', (name: string) => `export function ${name}(): number {\n  return 1;\n}\n`],
  python: ['py', (name: string) => `def ${name}():\n    return 1\n`],
  zig: ['zig', (name: string) => `pub fn ${name}() void {}\n`],
} as const;

/** `count` innocent files (sizes spread out) and poisoned ones at the given places in size order. */
function jobsWithPoison(tag: string, count: number, poisonAt: number[]): ExtractJob[] {
  const jobs: ExtractJob[] = [];
  const languages = Object.keys(SOURCES) as Array<keyof typeof SOURCES>;
  for (let i = 0; i < count; i++) {
    const language = languages[i % languages.length];
    const [extension, source] = SOURCES[language];
    const poisoned = poisonAt.includes(i);
    const file = `${poisoned ? 'poison' : 'f'}_${tag}_${i}.${extension}`;
    fs.writeFileSync(path.join(root, file), source(`f_${tag}_${i}`));
    jobs.push({ id: i, path: file, absolutePath: path.join(root, file), language, root, maxBytes: 1 << 20, size: 1000 - i });
  }
  return jobs;
}

async function runAll(pool: ExtractionPool, jobs: ExtractJob[]): Promise<Map<number, JobOutcome[]>> {
  const outcomes = new Map<number, JobOutcome[]>();
  await pool.extract(jobs, (job, outcome) => outcomes.set(job.id, [...(outcomes.get(job.id) ?? []), outcome]));
  return outcomes;
}

/** Every innocent file has its one declaration; every poisoned one is reported as a crash, once. */
function expectOnlyPoisonLost(jobs: ExtractJob[], outcomes: Map<number, JobOutcome[]>): void {
  for (const job of jobs) {
    const all = outcomes.get(job.id) ?? [];
    expect(all, job.path).toHaveLength(1);
    const [outcome] = all;
    expect(outcome.type, job.path).toBe('done');
    if (outcome.type !== 'done') continue;
    expect(outcome.runtimeDamage).toBeUndefined();
    if (job.path.startsWith('poison')) {
      expect(outcome.extraction.declarations).toEqual([]);
      expect(outcome.extraction.errors.map((e) => e.message).join('\n')).toContain('the parser crashed on this file');
      // A failed extraction is never cached (it may be this machine's state).
      expect(outcome.cacheEntry).toBeUndefined();
    } else {
      expect(outcome.extraction.errors, job.path).toEqual([]);
      expect(outcome.extraction.declarations.map((d) => d.name), job.path).toEqual([`f_${job.path.split('_')[1]}_${job.id}`]);
    }
  }
}

describe('a file that crashes the parser runtime', () => {
  it('on the main thread: it stops parsing, a worker takes its share, and later runs never parse there again', async () => {
    const pool = new ExtractionPool(1, { workerScript: poisoningWorker, runOnMainThread: runWithPoisoning });
    // The main thread alone takes the smallest first: the poisoned file is its third.
    const jobs = jobsWithPoison('m', 12, [9]);
    const outcomes = await runAll(pool, jobs);
    await pool.close();
    expect(thisThreadsRuntimeRetired()).toBe(true);
    expectOnlyPoisonLost(jobs, outcomes);

    const later = new ExtractionPool(1, { runOnMainThread: runWithPoisoning });
    const laterJobs = jobsWithPoison('n', 5, []);
    const laterOutcomes = await runAll(later, laterJobs);
    const laterRun = await later.close();
    expectOnlyPoisonLost(laterJobs, laterOutcomes);
    expect(laterRun.grammarsLoaded).toEqual(['python', 'typescript', 'zig']);
  });

  // After the test above, the main thread parses nothing: every file goes to a worker.
  it('on a worker: the worker is replaced, the files it held are parsed again, every innocent file keeps its declarations', async () => {
    expect(thisThreadsRuntimeRetired()).toBe(true);
    const pool = new ExtractionPool(3, { workerScript: poisoningWorker, runOnMainThread: runWithPoisoning });
    // Poisoned files first, in a row, in the middle and among the last.
    const jobs = jobsWithPoison('w', 60, [0, 1, 2, 25, 57]).map((job) => ({ ...job, encodeForCache: true }));
    const outcomes = await runAll(pool, jobs);
    const run = await pool.close();
    expectOnlyPoisonLost(jobs, outcomes);
    expect(run.threads).toBe(3);
    expect(run.grammarsLoaded).toEqual(['python', 'typescript', 'zig']);
  });
});
