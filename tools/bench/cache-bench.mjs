#!/usr/bin/env node
// Times a cold `arbor index` against a re-index after one file changed, side by side, on a fresh copy per run:
//   cold      `arbor index --no-cache` (parses every file)
//   fill      `arbor index` with an empty cache (parses every file and stores each extraction)
//   changed   one comment line appended to one file, then `arbor index` (that file parsed, the rest from the cache,
//             the graph updated in place)
//   again     another line appended right after `changed`, then `arbor index`: a re-index after a re-index,
//             whose update compares its rows with the digests the previous update kept beside the graph
//             (an update that follows a new-file build has none and reads the graph's rows back)
//   new-file  another line appended, then `arbor index --no-in-place` (the same, the graph built as a new file)
//   moved     after `again`: a comment line inserted at the top of the file, then `arbor index`: an edit other files
//             can see (every declaration's line, so its node id, moves), resolved with the files that name its nodes
//   declared  after `moved`: a top-level function appended, then `arbor index`: an interface edit that resolves every file
// changed (+ again) and new-file alternate which goes first from run to run. The targets: changed ≤ 15% of cold on
// vuejs/core, ≤ 10% on python/mypy. Each run also prints where the changed run's time went,
// per phase (wall and CPU, from the report's timings), so what is left after the cache is visible.
// Usage: node tools/bench/cache-bench.mjs <repo> [--runs N] [--file <path in repo>] [--json] [--keep]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchCommandLine } from './command-line.mjs';
import { measure, median } from './measure.mjs';
import { ARBOR_BIN, freshCopy } from './tools.mjs';

const USAGE = 'usage: node tools/bench/cache-bench.mjs <repo> [--runs N] [--file <path in repo>] [--json] [--keep]';
const { values, repo, fail, positiveInteger } = benchCommandLine('cache-bench', USAGE, {
  runs: { type: 'string', default: '3' }, file: { type: 'string' },
  json: { type: 'boolean', default: false }, keep: { type: 'boolean', default: false },
});
const runs = positiveInteger('runs');
if (!fs.existsSync(ARBOR_BIN)) fail(`${ARBOR_BIN} not found: build arbor first`);

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-cache-bench-'));
process.on('exit', () => { if (!values.keep) fs.rmSync(scratch, { recursive: true, force: true }); });
const log = (m) => { if (!values.json || process.stderr.isTTY) process.stderr.write(`${m}\n`); };

async function index(copy, extra) {
  const m = await measure(process.execPath, [ARBOR_BIN, 'index', copy, '--json', '--quiet', ...extra]);
  if (m.exitCode !== 0) fail(`arbor index ${extra.join(' ')} failed (${m.exitCode}): ${m.stderr.slice(-2000)}`);
  const report = JSON.parse(m.stdout);
  return {
    wallSeconds: m.wallSeconds, cpuSeconds: m.cpuSeconds, maxRssKb: m.maxRssKb,
    files: report.files.indexed, fromCache: report.cache.fromCache, extracted: report.cache.extracted,
    phases: report.timings ?? {}, graphWrite: report.graphWrite?.mode, comparedBy: report.graphWrite?.changes?.comparedBy,
    // How many files were resolved again and how many kept their rows (and why none were kept).
    reuse: report.resolutionReuse,
  };
}

/** A top-level function in the file's language, named so that nothing else in the tree declares it. */
function declarationFor(file) {
  if (/\.pyi?$/.test(file)) return '\ndef cache_bench_added():\n    return 1\n';
  if (/\.rb$/.test(file)) return '\ndef cache_bench_added\n  1\nend\n';
  return '\nfunction cacheBenchAdded() {\n  return 1;\n}\n';
}

/** A line comment in the file's language: the changed line is a comment, not a syntax error (`//` in Python is one). */
function commentFor(file) {
  return /\.(py|pyi|rb)$/.test(file) ? '#' : '//';
}

/** The file to change: --file, else the middle one by size among the files the cold run indexed (a typical file). */
function fileToChange() {
  if (values.file) return values.file;
  const rows = JSON.parse(fs.readFileSync(path.join(scratch, 'files.json'), 'utf8'));
  return rows[rows.length >> 1];
}

const results = [];
try {
  for (let run = 1; run <= runs; run++) {
    const copy = freshCopy(repo, path.join(scratch, `run-${run}`, path.basename(repo)));
    const cold = await index(copy, ['--no-cache']);
    if (run === 1 && !values.file) {
      // Files by size, from the graph the cold run wrote (no SQLite client needed here: arbor files --json).
      const listed = await measure(process.execPath, [ARBOR_BIN, 'files', '--json'], { cwd: copy });
      const files = JSON.parse(listed.stdout);
      const flat = files.files.map((f) => ({ path: f.filePath, size: f.size }));
      flat.sort((a, b) => a.size - b.size || (a.path < b.path ? -1 : 1));
      fs.writeFileSync(path.join(scratch, 'files.json'), JSON.stringify(flat.map((f) => f.path)));
    }
    const fill = await index(copy, []);
    const changedFile = fileToChange();
    const edit = async (extra) => {
      fs.appendFileSync(path.join(copy, changedFile), `\n${commentFor(changedFile)} cache-bench: one changed line\n`);
      return index(copy, extra);
    };
    let changed; let again; let newFile;
    if (run % 2 === 1) { changed = await edit([]); again = await edit([]); newFile = await edit(['--no-in-place']); }
    else { newFile = await edit(['--no-in-place']); changed = await edit([]); again = await edit([]); }
    const target = path.join(copy, changedFile);
    fs.writeFileSync(target, `${commentFor(changedFile)} cache-bench: a line above every declaration\n${fs.readFileSync(target, 'utf8')}`);
    const moved = await index(copy, []);
    fs.appendFileSync(target, declarationFor(changedFile));
    const declared = await index(copy, []);
    if (changed.graphWrite !== 'in-place') fail(`the re-index did not update the graph in place (${changed.graphWrite})`);
    if (again.comparedBy !== 'digests') fail(`the second re-index did not compare by digests (${again.comparedBy})`);
    results.push({ run, changedFile, cold, fill, changed, again, newFile, moved, declared, load: os.loadavg()[0] });
    log(`run ${run} (load ${os.loadavg()[0].toFixed(1)}): cold ${cold.wallSeconds.toFixed(2)} s wall ${cold.cpuSeconds?.toFixed(2)} s CPU; fill ${fill.wallSeconds.toFixed(2)} s; `
      + `changed (${changedFile}) in place ${changed.wallSeconds.toFixed(2)} s wall ${changed.cpuSeconds?.toFixed(2)} s CPU, `
      + `again ${again.wallSeconds.toFixed(2)} s wall ${again.cpuSeconds?.toFixed(2)} s CPU, `
      + `new file ${newFile.wallSeconds.toFixed(2)} s wall ${newFile.cpuSeconds?.toFixed(2)} s CPU, ${changed.fromCache}/${changed.files} from the cache; `
      + `moved ${moved.wallSeconds.toFixed(2)} s wall ${moved.cpuSeconds?.toFixed(2)} s CPU (${moved.reuse?.resolved} resolved), `
      + `declared ${declared.wallSeconds.toFixed(2)} s wall ${declared.cpuSeconds?.toFixed(2)} s CPU (${declared.reuse?.resolved} resolved)`);
  }
} finally { /* scratch removed on exit */ }

const med = (pick) => median(results.map(pick));
const summary = {
  repo, runs, changedFile: results[0]?.changedFile, loadAverages: results.map((r) => Number(r.load.toFixed(1))),
  cold: { wallSeconds: med((r) => r.cold.wallSeconds), cpuSeconds: med((r) => r.cold.cpuSeconds), maxRssKb: med((r) => r.cold.maxRssKb) },
  fill: { wallSeconds: med((r) => r.fill.wallSeconds), cpuSeconds: med((r) => r.fill.cpuSeconds) },
  changed: {
    wallSeconds: med((r) => r.changed.wallSeconds), cpuSeconds: med((r) => r.changed.cpuSeconds), maxRssKb: med((r) => r.changed.maxRssKb),
    files: results[0]?.changed.files, fromCache: results[0]?.changed.fromCache,
    phases: Object.fromEntries(Object.keys(results[0]?.changed.phases ?? {}).map((p) => [p, {
      wallMs: med((r) => r.changed.phases[p]?.wallMs), cpuMs: med((r) => r.changed.phases[p]?.cpuMs),
    }])),
  },
  again: {
    wallSeconds: med((r) => r.again.wallSeconds), cpuSeconds: med((r) => r.again.cpuSeconds),
    phases: Object.fromEntries(Object.keys(results[0]?.again.phases ?? {}).map((p) => [p, {
      wallMs: med((r) => r.again.phases[p]?.wallMs), cpuMs: med((r) => r.again.phases[p]?.cpuMs),
    }])),
  },
  newFile: { wallSeconds: med((r) => r.newFile.wallSeconds), cpuSeconds: med((r) => r.newFile.cpuSeconds) },
  moved: { wallSeconds: med((r) => r.moved.wallSeconds), cpuSeconds: med((r) => r.moved.cpuSeconds), resolved: med((r) => r.moved.reuse?.resolved ?? r.moved.files) },
  declared: { wallSeconds: med((r) => r.declared.wallSeconds), cpuSeconds: med((r) => r.declared.cpuSeconds), resolved: med((r) => r.declared.reuse?.resolved ?? r.declared.files) },
  coldPhases: Object.fromEntries(Object.keys(results[0]?.cold.phases ?? {}).map((p) => [p, {
    wallMs: med((r) => r.cold.phases[p]?.wallMs), cpuMs: med((r) => r.cold.phases[p]?.cpuMs),
  }])),
};
summary.ratio = {
  wall: summary.changed.wallSeconds / summary.cold.wallSeconds,
  cpu: summary.cold.cpuSeconds ? summary.changed.cpuSeconds / summary.cold.cpuSeconds : null,
  againWall: summary.again.wallSeconds / summary.cold.wallSeconds,
  againCpu: summary.cold.cpuSeconds ? summary.again.cpuSeconds / summary.cold.cpuSeconds : null,
  newFileWall: summary.newFile.wallSeconds / summary.cold.wallSeconds,
  newFileCpu: summary.cold.cpuSeconds ? summary.newFile.cpuSeconds / summary.cold.cpuSeconds : null,
  movedWall: summary.moved.wallSeconds / summary.cold.wallSeconds,
  movedCpu: summary.cold.cpuSeconds ? summary.moved.cpuSeconds / summary.cold.cpuSeconds : null,
  declaredWall: summary.declared.wallSeconds / summary.cold.wallSeconds,
  declaredCpu: summary.cold.cpuSeconds ? summary.declared.cpuSeconds / summary.cold.cpuSeconds : null,
};

if (values.json) process.stdout.write(`${JSON.stringify({ summary, results }, null, 2)}\n`);
else {
  const pct = (x) => (x == null ? '?' : `${(x * 100).toFixed(1)}%`);
  const phases = (p) => Object.entries(p).map(([k, v]) => `${k} ${v.wallMs}/${v.cpuMs}`).join(', ');
  process.stdout.write([
    `cache-bench ${repo} (${runs} run${runs === 1 ? '' : 's'}, medians; changed file ${summary.changedFile})`,
    `  cold     ${summary.cold.wallSeconds.toFixed(2)} s wall  ${summary.cold.cpuSeconds?.toFixed(2)} s CPU`,
    `  fill     ${summary.fill.wallSeconds.toFixed(2)} s wall  ${summary.fill.cpuSeconds?.toFixed(2)} s CPU (cold run that also fills the cache)`,
    `  changed  ${summary.changed.wallSeconds.toFixed(2)} s wall  ${summary.changed.cpuSeconds?.toFixed(2)} s CPU  ${summary.changed.fromCache}/${summary.changed.files} files from the cache, graph updated in place`,
    `  again    ${summary.again.wallSeconds.toFixed(2)} s wall  ${summary.again.cpuSeconds?.toFixed(2)} s CPU  (one more change right after: compared by the kept digests)`,
    `  new file ${summary.newFile.wallSeconds.toFixed(2)} s wall  ${summary.newFile.cpuSeconds?.toFixed(2)} s CPU  (the same re-index, --no-in-place)`,
    `  moved    ${summary.moved.wallSeconds.toFixed(2)} s wall  ${summary.moved.cpuSeconds?.toFixed(2)} s CPU  (a line inserted above the declarations: ${summary.moved.resolved} files resolved)`,
    `  declared ${summary.declared.wallSeconds.toFixed(2)} s wall  ${summary.declared.cpuSeconds?.toFixed(2)} s CPU  (a function added: ${summary.declared.resolved} files resolved)`,
    `  changed / cold: ${pct(summary.ratio.wall)} wall, ${pct(summary.ratio.cpu)} CPU (targets: vuejs/core ≤ 15%, python/mypy ≤ 10%); `
      + `again / cold: ${pct(summary.ratio.againWall)} wall, ${pct(summary.ratio.againCpu)} CPU; `
      + `new file / cold: ${pct(summary.ratio.newFileWall)} wall, ${pct(summary.ratio.newFileCpu)} CPU`,
    `  interface edits / cold: moved ${pct(summary.ratio.movedWall)} wall, ${pct(summary.ratio.movedCpu)} CPU; `
      + `declared ${pct(summary.ratio.declaredWall)} wall, ${pct(summary.ratio.declaredCpu)} CPU`,
    `  load average (1 min) after each run: ${summary.loadAverages.join(', ')} on ${os.availableParallelism()} cores`,
    `  phases, ms wall/CPU — cold: ${phases(summary.coldPhases)}`,
    `  phases, ms wall/CPU — changed: ${phases(summary.changed.phases)}`,
    `  phases, ms wall/CPU — again: ${phases(summary.again.phases)}`,
    '',
  ].join('\n'));
}
