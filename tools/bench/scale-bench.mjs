#!/usr/bin/env node
// How `arbor index` grows with the number of files: generates synthetic repositories of the given
// sizes (tools/bench/generate-repo.mjs: TypeScript and Python modules importing each other), indexes
// each with a cold run, and reports wall time, CPU and peak memory per size and per 1,000 files.
// Linear growth shows as a flat "per 1k files" column.
//
//   node tools/bench/scale-bench.mjs [--sizes 5000,20000,50000] [--runs 1] [--work <dir>] [--arbor <checkout>] [--json]
//
// Generated trees are kept under --work (default: the OS temp folder) and reused across runs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generateRepository } from './generate-repo.mjs';
import { measure, median } from './measure.mjs';
import { arborIndexerAt, ARBOR_ROOT, graphStats } from './tools.mjs';

const USAGE = 'usage: node tools/bench/scale-bench.mjs [--sizes 5000,20000,50000] [--runs N] [--work <dir>] [--arbor <checkout>] [--json]';

let args;
try {
  args = parseArgs({
    options: {
      sizes: { type: 'string', default: '5000,20000,50000' }, runs: { type: 'string', default: '1' },
      work: { type: 'string', default: path.join(os.tmpdir(), 'arbor-scale-bench') }, arbor: { type: 'string', default: ARBOR_ROOT },
      json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false },
    },
  });
} catch (e) {
  process.stderr.write(`scale-bench: ${e.message}\n${USAGE}\n`);
  process.exit(2);
}
if (args.values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const sizes = args.values.sizes.split(',').map(Number);
const runs = Number(args.values.runs);
if (sizes.some((n) => !Number.isInteger(n) || n < 1) || !Number.isInteger(runs) || runs < 1) {
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}
const indexer = arborIndexerAt(path.resolve(args.values.arbor));
const available = indexer.available();
if (available !== true) {
  process.stderr.write(`scale-bench: ${available}\n`);
  process.exit(2);
}

const PHASES = ['discover', 'extract', 'resolve', 'write'];

/** Wall seconds per phase from arbor's JSON report, or undefined when the output is not one. */
function phasesOf(stdout) {
  try {
    const timings = JSON.parse(stdout).timings ?? {};
    return Object.fromEntries(PHASES.map((phase) => [phase, typeof timings[phase]?.wallMs === 'number' ? timings[phase].wallMs / 1000 : undefined]));
  } catch {
    return undefined;
  }
}

const rows = [];
for (const files of sizes) {
  const tree = path.join(args.values.work, `files-${files}`);
  if (!fs.existsSync(path.join(tree, 'package.json'))) {
    fs.rmSync(tree, { recursive: true, force: true });
    process.stderr.write(`generating ${files} files in ${tree}\n`);
    generateRepository(tree, files);
  }
  const samples = [];
  for (let run = 0; run < runs; run++) {
    fs.rmSync(path.join(tree, '.codegraph'), { recursive: true, force: true });
    const { command, args: commandArgs, env } = indexer.command(tree);
    const load = os.loadavg()[0];
    const m = await measure(command, commandArgs, { env, timeoutSeconds: 7200 });
    if (m.exitCode !== 0) {
      process.stderr.write(`scale-bench: arbor index failed on ${files} files (exit ${m.exitCode}):\n${m.stderr}\n`);
      process.exit(1);
    }
    samples.push({ ...m, load, phases: phasesOf(m.stdout) });
    process.stderr.write(`${files} files, run ${run + 1}: ${m.wallSeconds.toFixed(1)}s wall, ${m.cpuSeconds?.toFixed(1)}s cpu, ${Math.round((m.maxRssKb ?? 0) / 1024)} MiB (load ${load.toFixed(1)})\n`);
  }
  const stats = graphStats(tree);
  rows.push({
    files,
    wallSeconds: median(samples.map((s) => s.wallSeconds)),
    cpuSeconds: median(samples.map((s) => s.cpuSeconds)),
    peakRssMiB: median(samples.map((s) => (s.maxRssKb ?? 0) / 1024)),
    peakTreeRssMiB: median(samples.map((s) => (s.peakTreeRssKb ?? 0) / 1024)),
    load: median(samples.map((s) => s.load)),
    // Wall seconds per phase (arbor's --json report), medians: which phase bounds the run at each size.
    phases: Object.fromEntries(PHASES.map((phase) => [phase, median(samples.map((s) => s.phases?.[phase]))])),
    nodes: stats?.nodes ?? null,
    edges: stats?.edges ?? null,
  });
}

if (args.values.json) {
  process.stdout.write(`${JSON.stringify({ machine: { cpus: os.cpus().length, node: process.version }, rows }, null, 2)}\n`);
} else {
  const fmt = (n, d = 1) => (n == null ? '—' : n.toFixed(d));
  const lines = [`scale bench: arbor index (cold) on generated repositories · ${runs} run(s) per size, medians · ${os.cpus().length} cpus, node ${process.version}`];
  lines.push('   files      wall       cpu   peak RSS  tree RSS   wall/1k   cpu/1k  MiB/1k   nodes    edges  load');
  for (const r of rows) {
    const k = r.files / 1000;
    lines.push([
      String(r.files).padStart(8), `${fmt(r.wallSeconds)}s`.padStart(9), `${fmt(r.cpuSeconds)}s`.padStart(9),
      `${fmt(r.peakRssMiB, 0)} MiB`.padStart(10), `${fmt(r.peakTreeRssMiB, 0)} MiB`.padStart(9),
      `${fmt(r.wallSeconds / k, 2)}s`.padStart(9), `${fmt(r.cpuSeconds / k, 2)}s`.padStart(8), fmt(r.peakTreeRssMiB / k, 1).padStart(7),
      String(r.nodes ?? '—').padStart(7), String(r.edges ?? '—').padStart(8), fmt(r.load).padStart(5),
    ].join(' '));
  }
  lines.push('Linear growth: the per-1k columns stay flat as the file count grows.');
  lines.push('', 'wall seconds per phase (from the index report), and the largest:');
  lines.push(`   files ${PHASES.map((p) => p.padStart(9)).join('')}  largest`);
  for (const r of rows) {
    const largest = PHASES.reduce((a, b) => ((r.phases[b] ?? -1) > (r.phases[a] ?? -1) ? b : a));
    lines.push(`${String(r.files).padStart(8)} ${PHASES.map((p) => fmt(r.phases[p], 1).padStart(9)).join('')}  ${largest}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}
