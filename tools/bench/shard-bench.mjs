#!/usr/bin/env node
// Times shards on a CI matrix against a single cold run, on a fresh copy per run:
//   cold    `arbor index --no-cache` (parses every file)
//   shards  `arbor index --shard K/N --cache-dir job-K` for K = 1..N, one after another here (on a CI
//           matrix they run side by side on N machines: the slowest one is what a pipeline waits for)
//   merge   the N jobs' packs copied side by side into one folder, then `arbor index --cache-dir` it
// The target (issue: shards on a CI matrix): merge ≤ 40% of cold, and the merge's graph equal to the
// cold one (every table compared row by row; the write's timestamps left out, as they differ run to run).
// Runs alternate which of cold and shards+merge goes first, so a load that drifts hits both alike.
// Usage: node tools/bench/shard-bench.mjs <repo> [--shards N] [--runs N] [--json] [--keep]
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { benchCommandLine } from './command-line.mjs';
import { measure, median } from './measure.mjs';
import { ARBOR_BIN, freshCopy } from './tools.mjs';

const USAGE = 'usage: node tools/bench/shard-bench.mjs <repo> [--shards N] [--runs N] [--json] [--keep]';
const { values, repo, fail, positiveInteger } = benchCommandLine('shard-bench', USAGE, {
  shards: { type: 'string', default: '4' }, runs: { type: 'string', default: '3' },
  json: { type: 'boolean', default: false }, keep: { type: 'boolean', default: false },
});
const shards = positiveInteger('shards');
const runs = positiveInteger('runs');
if (!fs.existsSync(ARBOR_BIN)) fail(`${ARBOR_BIN} not found: build arbor first`);

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-shard-bench-'));
process.on('exit', () => { if (!values.keep) fs.rmSync(scratch, { recursive: true, force: true }); });
const log = (m) => { if (!values.json || process.stderr.isTTY) process.stderr.write(`${m}\n`); };

async function arborIndex(copy, extra) {
  const m = await measure(process.execPath, [ARBOR_BIN, 'index', copy, '--json', '--quiet', ...extra]);
  if (m.exitCode !== 0) fail(`arbor index ${extra.join(' ')} failed (${m.exitCode}): ${m.stderr.slice(-2000)}`);
  return { wallSeconds: m.wallSeconds, cpuSeconds: m.cpuSeconds, report: JSON.parse(m.stdout) };
}

/** The columns the write stamps with its clock: left out of the comparison (and so is the row of the flags the run was given). */
const CLOCK_COLUMNS = new Set(['updated_at', 'applied_at', 'indexed_at']);

/**
 * A digest of the graph's canonical text: every table's rows in a fixed order, the clock's columns left
 * out. Rows are hashed as they are read, so a 50,000-file graph is never held as one string.
 */
function graphDigest(copy) {
  const db = new Database(path.join(copy, '.codegraph', 'codegraph.db'), { readonly: true, fileMustExist: true });
  const hash = createHash('sha256');
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all();
    for (const table of tables) {
      const columns = db.prepare(`PRAGMA table_info("${table}")`).all().map((c) => c.name).filter((c) => !CLOCK_COLUMNS.has(c));
      if (columns.length === 0) continue;
      const list = columns.map((c) => `"${c}"`).join(', ');
      hash.update(`# ${table}\n`);
      // The graph records the flags that built it (--no-cache against --cache-dir): by design not the same.
      const where = table === 'project_metadata' ? " WHERE key <> 'arbor_configuration'" : '';
      for (const row of db.prepare(`SELECT ${list} FROM "${table}"${where} ORDER BY ${list}`).raw().iterate()) {
        hash.update(`${JSON.stringify(row.map((v) => (Buffer.isBuffer(v) ? v.toString('hex') : v)))}\n`);
      }
    }
    return hash.digest('hex');
  } finally {
    db.close();
  }
}

async function coldRun(copy) {
  const cold = await arborIndex(copy, ['--no-cache']);
  return { ...cold, dump: graphDigest(copy) };
}

async function shardedRun(copy, runDir) {
  const jobs = [];
  for (let k = 1; k <= shards; k++) {
    const job = await arborIndex(copy, ['--shard', `${k}/${shards}`, '--cache-dir', path.join(runDir, `job-${k}`)]);
    jobs.push({ wallSeconds: job.wallSeconds, cpuSeconds: job.cpuSeconds, files: job.report.shard.files, bytes: job.report.shard.bytes });
  }
  // What the merging CI job sees after downloading every shard's artifact into one folder.
  const merged = path.join(runDir, 'merged', 'packs');
  fs.mkdirSync(merged, { recursive: true });
  for (let k = 1; k <= shards; k++) {
    const packs = path.join(runDir, `job-${k}`, 'packs');
    for (const name of fs.readdirSync(packs)) fs.copyFileSync(path.join(packs, name), path.join(merged, name));
  }
  fs.rmSync(path.join(copy, '.codegraph', 'codegraph.db'), { force: true });
  const merge = await arborIndex(copy, ['--cache-dir', path.dirname(merged)]);
  return { jobs, merge: { ...merge, dump: graphDigest(copy) } };
}

const results = [];
for (let run = 1; run <= runs; run++) {
  const runDir = path.join(scratch, `run-${run}`);
  const copy = freshCopy(repo, path.join(runDir, path.basename(repo)));
  // Every run sees the tree with its .codegraph/ (the stored report counts it as an ignored folder).
  fs.mkdirSync(path.join(copy, '.codegraph'), { recursive: true });
  let cold; let sharded;
  if (run % 2 === 1) {
    cold = await coldRun(copy);
    sharded = await shardedRun(copy, runDir);
  } else {
    sharded = await shardedRun(copy, runDir);
    cold = await coldRun(copy);
  }
  const { jobs, merge } = sharded;
  const result = {
    run,
    cold: { wallSeconds: cold.wallSeconds, cpuSeconds: cold.cpuSeconds, files: cold.report.files.indexed },
    shards: jobs,
    slowestShardSeconds: Math.max(...jobs.map((j) => j.wallSeconds)),
    merge: {
      wallSeconds: merge.wallSeconds, cpuSeconds: merge.cpuSeconds,
      fromCache: merge.report.cache.fromCache, extracted: merge.report.cache.extracted, phases: merge.report.timings ?? {},
    },
    mergeShare: merge.wallSeconds / cold.wallSeconds,
    mergeCpuShare: cold.cpuSeconds ? merge.cpuSeconds / cold.cpuSeconds : null,
    graphEqual: merge.dump === cold.dump,
  };
  results.push(result);
  log(`run ${run}: cold ${cold.wallSeconds.toFixed(2)} s; shards ${jobs.map((j) => j.wallSeconds.toFixed(2)).join(' / ')} s `
    + `(${jobs.map((j) => j.files).join(' / ')} files); merge ${merge.wallSeconds.toFixed(2)} s `
    + `(${result.merge.fromCache}/${cold.report.files.indexed} from the cache) = ${(result.mergeShare * 100).toFixed(1)}% of cold `
    + `(CPU ${result.mergeCpuShare == null ? '?' : (result.mergeCpuShare * 100).toFixed(1)}%); `
    + `graph ${result.graphEqual ? 'equal' : 'DIFFERENT'}`);
  fs.rmSync(runDir, { recursive: true, force: true });
}

const med = (pick) => median(results.map(pick));
const summary = {
  repo, shards, runs, files: results[0]?.cold.files,
  coldSeconds: med((r) => r.cold.wallSeconds),
  coldCpuSeconds: med((r) => r.cold.cpuSeconds),
  mergeCpuSeconds: med((r) => r.merge.cpuSeconds),
  mergeCpuShare: med((r) => r.mergeCpuShare),
  slowestShardSeconds: med((r) => r.slowestShardSeconds),
  mergeSeconds: med((r) => r.merge.wallSeconds),
  mergeShare: med((r) => r.mergeShare),
  graphEqual: results.every((r) => r.graphEqual),
  mergePhases: Object.fromEntries(Object.keys(results[0]?.merge.phases ?? {}).map((p) => [p, med((r) => r.merge.phases[p]?.wallMs)])),
};

if (values.json) process.stdout.write(`${JSON.stringify({ summary, results }, null, 2)}\n`);
else {
  process.stdout.write([
    `shard-bench ${repo} (${shards} shards, ${runs} run${runs === 1 ? '' : 's'}, medians; ${summary.files} files)`,
    `  cold           ${summary.coldSeconds.toFixed(2)} s wall  ${summary.coldCpuSeconds?.toFixed(2)} s CPU`,
    `  slowest shard  ${summary.slowestShardSeconds.toFixed(2)} s wall (the shards ran one after another here)`,
    `  merge          ${summary.mergeSeconds.toFixed(2)} s wall = ${(summary.mergeShare * 100).toFixed(1)}% of cold (target ≤ 40%), median of the per-run shares`,
    `  merge CPU      ${summary.mergeCpuSeconds?.toFixed(2)} s = ${summary.mergeCpuShare == null ? '?' : (summary.mergeCpuShare * 100).toFixed(1)}% of cold's CPU (less moved by other load than wall time)`,
    `  merge phases, ms wall: ${Object.entries(summary.mergePhases).map(([k, v]) => `${k} ${v}`).join(', ')}`,
    `  graph          ${summary.graphEqual ? 'equal to the cold run\'s in every run' : 'DIFFERENT from the cold run\'s'}`,
    '',
  ].join('\n'));
}
if (!summary.graphEqual) process.exitCode = 1;
