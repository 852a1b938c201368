#!/usr/bin/env node
// The Python baseline in one command: index fresh copies of each repository with every writer, ask the jedi
// oracle once per repository, and print precision and recall (overall and by site shape) per writer.
// Usage: node tools/accuracy/python-baseline.mjs <repo>... [--writer arbor|codegraph-1.6.1|codegraph-0.9.9]...
//          [--arbor <bin.js>] [--codegraph-1.6.1 <codegraph executable or .js>] [--python <exe>] [--json] [--keep]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { compare } from './compare.mjs';
import { readGraph } from './graph.mjs';
import { collectPythonSites, PYTHON_FILE } from './python-oracle.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const SHAPES = ['f()', 'mod.f()', 'self.m()', 'super().m()', 'obj.m()', 'Cls.m()', '@decorator'];
const WRITERS = ['arbor', 'codegraph-1.6.1', 'codegraph-0.9.9'];
const USAGE = 'usage: node tools/accuracy/python-baseline.mjs <repo>... [--writer arbor|codegraph-1.6.1|codegraph-0.9.9]...'
  + ' [--arbor <bin.js>] [--codegraph-1.6.1 <codegraph>] [--python <exe>] [--json] [--keep]';

function fail(message) {
  process.stderr.write(`python-baseline: ${message}\n`);
  process.exit(2);
}

let args;
try {
  args = parseArgs({
    allowPositionals: true,
    options: {
      writer: { type: 'string', multiple: true }, arbor: { type: 'string' }, 'codegraph-1.6.1': { type: 'string' },
      python: { type: 'string' }, json: { type: 'boolean', default: false }, keep: { type: 'boolean', default: false },
    },
  });
} catch (e) { fail(`${e.message}\n${USAGE}`); }
if (!args.positionals.length) fail(USAGE);
const writers = args.values.writer?.length ? args.values.writer : WRITERS;
for (const w of writers) if (!WRITERS.includes(w)) fail(`unknown writer ${w}\n${USAGE}`);

/** The command that indexes a folder, or the reason it cannot run here. */
function indexCommand(writer, dir) {
  if (writer === 'arbor') {
    const bin = path.resolve(args.values.arbor ?? path.join(ROOT, 'packages/cli/dist/bin.js'));
    return fs.existsSync(bin) ? [process.execPath, bin, 'index', dir, '--json'] : `${bin} missing (npm run build)`;
  }
  if (writer === 'codegraph-0.9.9') {
    const shim = path.join(ROOT, 'node_modules/codegraph-099/npm-shim.js');
    // 0.9.9's `index` refuses an uninitialised folder; `init` builds the full index.
    return fs.existsSync(shim) ? [process.execPath, shim, 'init', dir] : `${shim} missing (npm install)`;
  }
  const cli = args.values['codegraph-1.6.1'];
  if (!cli) return 'pass --codegraph-1.6.1 <path> (npm install @colbymchenry/codegraph@1.6.1 in a temporary folder)';
  const exe = path.resolve(cli);
  return [...(exe.endsWith('.js') ? [process.execPath, exe] : [exe]), 'init', '-y', dir];
}

const pct = (n, d) => (d ? `${((100 * n) / d).toFixed(1)}%` : '—');
const results = [];
for (const repoArg of args.positionals) {
  const repo = path.resolve(repoArg);
  if (!fs.existsSync(repo) || !fs.statSync(repo).isDirectory()) fail(`not a folder: ${repo}`);
  const graphs = [];
  for (const writer of writers) {
    // A fresh copy per writer, without any graph already there, so no writer reads another's database.
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), `arbor-pybase-${writer}-`));
    try {
      fs.cpSync(repo, copy, { recursive: true, filter: (src) => !['.codegraph', '.git'].includes(path.basename(src)) || src === repo });
      const cmd = indexCommand(writer, copy);
      if (typeof cmd === 'string') { graphs.push({ writer, skipped: cmd }); continue; }
      const started = Date.now();
      const res = spawnSync(cmd[0], cmd.slice(1), { encoding: 'utf8', env: { ...process.env, CODEGRAPH_TELEMETRY: '0' }, maxBuffer: 1 << 28 });
      const db = path.join(copy, '.codegraph', 'codegraph.db');
      if (res.status !== 0 || !fs.existsSync(db)) {
        graphs.push({ writer, skipped: `indexing failed (exit ${res.status}): ${(res.stderr || res.stdout || '').trim().split('\n').slice(-3).join(' / ')}` });
        continue;
      }
      const graph = readGraph(db);
      graphs.push({ writer, indexSeconds: (Date.now() - started) / 1000, graph: { ...graph, files: graph.files.filter((f) => PYTHON_FILE.test(f.path)) } });
    } finally {
      if (!args.values.keep) fs.rmSync(copy, { recursive: true, force: true });
      else if (!args.values.json) process.stderr.write(`kept ${copy}\n`);
    }
  }
  // One oracle run per repository: every writer's graph is judged against the same answers.
  const graphFiles = [...new Set(graphs.flatMap((g) => (g.graph ? g.graph.files.map((f) => f.path) : [])))];
  const oracle = collectPythonSites(repo, { graphFiles, python: args.values.python, progress: !args.values.json });
  for (const g of graphs) {
    if (!g.graph) { results.push({ repo, writer: g.writer, skipped: g.skipped }); continue; }
    const r = compare(oracle, g.graph);
    const row = (kind) => r.precision.find((p) => p.kind === kind && p.resolvedBy === '(all)') ?? { edges: 0, confirmed: 0, wrong: 0, noAnswer: 0, noSite: 0 };
    const calls = row('calls'); const inst = row('instantiates');
    const shapeRows = Object.fromEntries(SHAPES.map((s) => [s, r.recall.find((x) => x.siteKind === s && x.group === '(all)') ?? { sites: 0, found: 0 }]));
    const sites = SHAPES.reduce((n, s) => n + (shapeRows[s].sites ?? 0), 0);
    const found = SHAPES.reduce((n, s) => n + shapeRows[s].found, 0);
    const misses = {};
    for (const { site } of r.falseNegatives) misses[`${site.kind} → ${site.category}`] = (misses[`${site.kind} → ${site.category}`] ?? 0) + 1;
    results.push({
      repo, writer: g.writer, stamp: g.graph.writer, indexSeconds: g.indexSeconds, files: r.files,
      edges: { calls: calls.edges, instantiates: inst.edges },
      precision: {
        confirmed: calls.confirmed + inst.confirmed, wrong: calls.wrong + inst.wrong,
        noAnswer: calls.noAnswer + inst.noAnswer, noSite: calls.noSite + inst.noSite,
        calls: { confirmed: calls.confirmed, wrong: calls.wrong }, instantiates: { confirmed: inst.confirmed, wrong: inst.wrong },
      },
      recall: { sites, found, byShape: Object.fromEntries(SHAPES.map((s) => [s, { sites: shapeRows[s].sites ?? 0, found: shapeRows[s].found }])) },
      topMisses: Object.entries(misses).sort((a, b) => b[1] - a[1]).slice(0, 6),
      oracle: { sites: oracle.sites.length, seconds: oracle.oracleSeconds, jedi: oracle.jediVersion, python: oracle.pythonVersion },
    });
  }
}

if (args.values.json) {
  process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
} else {
  let out = '';
  for (const x of results) {
    out += `\n${path.basename(x.repo)} · ${x.writer}`;
    if (x.skipped) { out += `: skipped (${x.skipped})\n`; continue; }
    const p = x.precision;
    out += `${x.stamp ? ` (${x.stamp})` : ''} · indexed in ${x.indexSeconds.toFixed(1)}s · ${x.files.graph} Python files`;
    out += ` · oracle: jedi ${x.oracle.jedi}, ${x.oracle.sites} sites, ${x.oracle.seconds?.toFixed(0)}s\n`;
    out += `  precision ${pct(p.confirmed, p.confirmed + p.wrong)} (${p.confirmed} right, ${p.wrong} wrong; calls ${pct(p.calls.confirmed, p.calls.confirmed + p.calls.wrong)},`;
    out += ` instantiates ${pct(p.instantiates.confirmed, p.instantiates.confirmed + p.instantiates.wrong)}; ${p.noAnswer} no-answer, ${p.noSite} no-site not judged)\n`;
    out += `  recall    ${pct(x.recall.found, x.recall.sites)} (${x.recall.found} of ${x.recall.sites} repo-internal call sites)\n`;
    out += `  by shape  ${SHAPES.map((s) => `${s} ${pct(x.recall.byShape[s].found, x.recall.byShape[s].sites)} (${x.recall.byShape[s].found}/${x.recall.byShape[s].sites})`).join(' · ')}\n`;
    out += `  misses    ${x.topMisses.map(([k, n]) => `${k} ×${n}`).join(', ')}\n`;
  }
  process.stdout.write(out);
}
