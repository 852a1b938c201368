#!/usr/bin/env node
// The Python baseline in one command: index fresh copies of each repository with every writer, ask the jedi
// oracle once per repository, and print precision and recall (overall and by site shape) per writer.
// Usage: node tools/accuracy/python-baseline.mjs <repo>... [--writer arbor|codegraph-1.6.1|codegraph-0.9.9]...
//          [--arbor <bin.js>] [--codegraph-1.6.1 <codegraph executable or .js>] [--python <exe>] [--json] [--keep]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { compare } from './compare.mjs';
import { indexWithWriters, WRITERS } from './writers.mjs';
import { collectPythonSites, PYTHON_FILE } from './python-oracle.mjs';

const SHAPES = ['f()', 'mod.f()', 'self.m()', 'super().m()', 'obj.m()', 'Cls.m()', '@decorator'];
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

const pct = (n, d) => (d ? `${((100 * n) / d).toFixed(1)}%` : '—');
const results = [];
for (const repoArg of args.positionals) {
  const repo = path.resolve(repoArg);
  if (!fs.existsSync(repo) || !fs.statSync(repo).isDirectory()) fail(`not a folder: ${repo}`);
  // A fresh copy per writer, without any graph already there, so no writer reads another's database.
  const graphs = indexWithWriters(repo, writers, {
    arbor: args.values.arbor, codegraph161: args.values['codegraph-1.6.1'], keep: args.values.keep, quiet: args.values.json, tag: 'pybase',
    keepGraph: (graph) => ({ ...graph, files: graph.files.filter((f) => PYTHON_FILE.test(f.path)) }),
  });
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
