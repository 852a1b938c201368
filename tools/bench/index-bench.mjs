#!/usr/bin/env node
// Times `arbor index` against the codegraph CLI 0.9.9 indexing the same checkout, each on its own fresh copy.
// Usage: node tools/bench/index-bench.mjs <repo> [--runs N] [--tool arbor|codegraph|optave]... [--optave <install folder>] [--baseline <arbor checkout>] [--timeout S] [--json] [--keep]
// optave (`@optave/codegraph` 3.11, native) runs when --optave or ARBOR_BENCH_OPTAVE names the folder it was npm-installed into.
// --baseline adds `arbor-baseline`: another built arbor checkout (e.g. `git worktree add /tmp/old <commit>`,
// `npm install` there), timed in the same run so a change to the engine is compared side by side.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchCommandLine } from './command-line.mjs';
import { measure, median, hasGnuTime } from './measure.mjs';
import { INDEXERS, arborIndexerAt, optaveIndexerAt, freshCopy, graphStats, folderSize } from './tools.mjs';

const USAGE = 'usage: node tools/bench/index-bench.mjs <repo> [--runs N] [--tool arbor|codegraph|optave]... [--optave <install folder>] [--baseline <arbor checkout>] [--timeout S] [--json] [--keep]';
const { values, repo, fail, positiveInteger } = benchCommandLine('index-bench', USAGE, {
  runs: { type: 'string', default: '3' }, tool: { type: 'string', multiple: true }, timeout: { type: 'string', default: '1800' },
  baseline: { type: 'string' }, optave: { type: 'string' },
  json: { type: 'boolean', default: false }, keep: { type: 'boolean', default: false },
});
const runs = positiveInteger('runs');
const timeoutSeconds = Number(values.timeout);
if (!(timeoutSeconds > 0)) fail('--timeout takes seconds (> 0)');
const optaveDir = values.optave ?? process.env.ARBOR_BENCH_OPTAVE;
const indexers = { ...INDEXERS, optave: optaveIndexerAt(optaveDir && path.resolve(optaveDir)) };
if (values.baseline) indexers['arbor-baseline'] = arborIndexerAt(path.resolve(values.baseline));
// optave is in the default set only when its folder is named (it is the user's own install).
const defaults = [...Object.keys(INDEXERS), ...(optaveDir ? ['optave'] : [])];
const requested = [...(values.tool ?? defaults), ...(values.baseline ? ['arbor-baseline'] : [])];
for (const t of requested) if (!indexers[t]) fail(`unknown tool ${t} (arbor, codegraph, optave)`);

const skipped = {};
const tools = requested.filter((t) => {
  const ok = indexers[t].available();
  if (ok !== true) skipped[t] = ok;
  return ok === true;
});
if (!tools.length) fail(`nothing to run: ${Object.values(skipped).join('; ')}`);
// A baseline asked for by name is the point of the run: no silent skip.
if (skipped['arbor-baseline']) fail(`arbor-baseline: ${skipped['arbor-baseline']}`);

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-bench-'));
// Also on Ctrl-C (measure() exits with 130 after stopping the child's process tree).
process.on('exit', () => { if (!values.keep) fs.rmSync(scratch, { recursive: true, force: true }); });
const results = Object.fromEntries(tools.map((t) => [t, []]));
const log = (m) => { if (!values.json || process.stderr.isTTY) process.stderr.write(`${m}\n`); };
try {
  for (let run = 1; run <= runs; run++) {
    // Alternate the order so neither tool always runs on a warmer (or more loaded) machine.
    const order = run % 2 ? tools : [...tools].reverse();
    for (const tool of order) {
      const copy = freshCopy(repo, path.join(scratch, `${tool}-${run}`, path.basename(repo)));
      const { command, args: toolArgs, env } = indexers[tool].command(copy);
      const load = os.loadavg()[0];
      const m = await measure(command, toolArgs, { cwd: copy, env, timeoutSeconds });
      if (m.timedOut) {
        // A tool that does not finish is a result, not a crash: record it and move on.
        results[tool].push({ run, loadAverage: load, timedOut: true, wallSeconds: m.wallSeconds, cpuSeconds: m.cpuSeconds });
        log(`run ${run} ${tool}: stopped after ${timeoutSeconds}s (--timeout)`);
        fs.rmSync(path.join(scratch, `${tool}-${run}`), { recursive: true, force: true });
        continue;
      }
      if (m.exitCode !== 0) {
        throw new Error(`${tool} exited with ${m.exitCode}:\n${(m.stderr || m.stdout).split('\n').slice(-15).join('\n')}`);
      }
      const graph = graphStats(copy);
      let report = null;
      if (tool.startsWith('arbor')) { try { report = JSON.parse(m.stdout); } catch { /* human output only */ } }
      results[tool].push({
        run, loadAverage: load, wallSeconds: m.wallSeconds, userSeconds: m.userSeconds, systemSeconds: m.systemSeconds,
        cpuSeconds: m.cpuSeconds, maxRssKb: m.maxRssKb, peakTreeRssKb: m.peakTreeRssKb, graph, report,
      });
      log(`run ${run} ${tool}: ${m.wallSeconds.toFixed(2)}s wall, ${m.cpuSeconds?.toFixed(2) ?? '?'}s cpu, ` +
        `${m.maxRssKb ? (m.maxRssKb / 1024).toFixed(0) : '?'} MiB (load ${load.toFixed(2)})`);
      if (!values.keep) fs.rmSync(path.join(scratch, `${tool}-${run}`), { recursive: true, force: true });
    }
  }
} catch (e) {
  fail(e.message);
} finally {
  if (!values.keep) fs.rmSync(scratch, { recursive: true, force: true });
  else log(`copies kept in ${scratch}`);
}

const summary = Object.fromEntries(tools.map((tool) => {
  const timedOut = results[tool].filter((r) => r.timedOut).length;
  const rs = results[tool].filter((r) => !r.timedOut);
  if (!rs.length) return [tool, { runs: 0, timedOut }];
  const pick = (k) => rs.map((r) => r[k]);
  const wall = pick('wallSeconds');
  return [tool, {
    runs: rs.length, timedOut,
    wallSeconds: { median: median(wall), min: Math.min(...wall), max: Math.max(...wall) },
    userSeconds: median(pick('userSeconds')), systemSeconds: median(pick('systemSeconds')), cpuSeconds: median(pick('cpuSeconds')),
    maxRssKb: median(pick('maxRssKb')), peakTreeRssKb: median(pick('peakTreeRssKb')), loadAverage: median(pick('loadAverage')),
    graph: rs.at(-1).graph,
  }];
}));
const size = folderSize(repo);
const out = {
  repo, files: size.files, bytes: size.bytes, runs, timeoutSeconds,
  machine: { cpus: os.cpus().length, node: process.version, platform: `${os.platform()} ${os.release()}`, measuredWith: hasGnuTime() ? '/usr/bin/time -v' : 'bash times + /proc sampling' },
  skipped, summary, results,
};

if (values.json) {
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
} else {
  process.stdout.write(render(out));
}

function render(o) {
  const mib = (kb) => (kb == null ? '—' : `${(kb / 1024).toFixed(0)} MiB`);
  const s = (x) => (x == null ? '—' : `${x.toFixed(2)}s`);
  let text = `index bench: ${o.repo} (${o.files} files, ${(o.bytes / 1048576).toFixed(1)} MiB) · ${o.runs} run(s) per tool, medians\n`;
  text += `machine: ${o.machine.cpus} cpus, node ${o.machine.node}, ${o.machine.platform}; measured with ${o.machine.measuredWith}\n`;
  const headers = ['tool', 'wall', '(min–max)', 'user', 'sys', 'cpu', 'cpu/wall', 'peak RSS', 'tree RSS', 'load', 'files', 'nodes', 'edges', 'calls'];
  const rows = Object.entries(o.summary).filter(([, x]) => x.runs > 0).map(([tool, x]) => [
    tool, s(x.wallSeconds.median), `(${x.wallSeconds.min.toFixed(2)}–${x.wallSeconds.max.toFixed(2)})`, s(x.userSeconds), s(x.systemSeconds),
    s(x.cpuSeconds), x.cpuSeconds == null ? '—' : (x.cpuSeconds / x.wallSeconds.median).toFixed(2), mib(x.maxRssKb), mib(x.peakTreeRssKb),
    x.loadAverage.toFixed(1),
    x.graph?.files ?? '—', x.graph?.nodes ?? '—', x.graph?.edges ?? '—', x.graph?.calls ?? '—',
  ]);
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  for (const r of [headers, ...rows]) text += `  ${r.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ')}\n`;
  for (const [tool, x] of Object.entries(o.summary)) {
    if (x.timedOut) text += `${tool}: ${x.timedOut} run(s) stopped at the ${o.timeoutSeconds}s timeout (not in the medians)\n`;
  }
  const ratio = (a, b) => (a == null || b == null || !b ? '—' : `${(a / b).toFixed(2)}×`);
  for (const other of ['codegraph', 'optave', 'arbor-baseline']) {
    const { arbor } = o.summary;
    const peer = o.summary[other];
    if (!arbor?.runs || !peer?.runs) continue;
    text += `arbor / ${other}: wall ${ratio(arbor.wallSeconds.median, peer.wallSeconds.median)}, cpu ${ratio(arbor.cpuSeconds, peer.cpuSeconds)},`;
    text += ` peak RSS ${ratio(arbor.maxRssKb, peer.maxRssKb)}\n`;
  }
  for (const [tool, why] of Object.entries(o.skipped)) text += `skipped ${tool}: ${why}\n`;
  text += 'peak RSS = largest single process (GNU time); tree RSS = sampled sum over the process tree every 100 ms;\n';
  text += 'load = 1-minute load average when the run started (wall time is only comparable at similar load; cpu is steadier).\n';
  return text;
}
