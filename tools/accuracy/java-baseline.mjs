#!/usr/bin/env node
// Java accuracy side by side: index fresh copies of a repository with each writer (arbor, codegraph 1.6.1,
// codegraph 0.9.9), ask the javac oracle once, and print each writer's `calls` precision and site recall
// (overall and by call shape) with its most frequent wrong targets.
// Usage: node tools/accuracy/java-baseline.mjs <repo>... [--writer arbor|codegraph-1.6.1|codegraph-0.9.9]...
//          [--arbor <bin.js>] [--codegraph-1.6.1 <codegraph executable or .js>] [--java <exe>] [--json] [--keep]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { compare } from './compare.mjs';
import { readGraph } from './graph.mjs';
import { collectJavaSites, JAVA_FILE } from './java-oracle.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const SHAPES = ['m()', 'this.m()', 'super.m()', 'obj.m()', 'Cls.m()', 'call().m()', 'this(...)', 'super(...)'];
const WRITERS = ['arbor', 'codegraph-1.6.1', 'codegraph-0.9.9'];
const USAGE = 'usage: node tools/accuracy/java-baseline.mjs <repo>... [--writer arbor|codegraph-1.6.1|codegraph-0.9.9]...'
  + ' [--arbor <bin.js>] [--codegraph-1.6.1 <codegraph>] [--java <exe>] [--json] [--keep]';

function fail(message) {
  process.stderr.write(`java-baseline: ${message}\n`);
  process.exit(2);
}

let args;
try {
  args = parseArgs({
    allowPositionals: true,
    options: {
      writer: { type: 'string', multiple: true }, arbor: { type: 'string' }, 'codegraph-1.6.1': { type: 'string' },
      java: { type: 'string' }, json: { type: 'boolean', default: false }, keep: { type: 'boolean', default: false },
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
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), `arbor-javabase-${writer}-`));
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
      // Only `calls` edges are judged: the oracle answers method and constructor invocations, not `new`.
      graphs.push({
        writer, indexSeconds: (Date.now() - started) / 1000,
        graph: { ...graph, files: graph.files.filter((f) => JAVA_FILE.test(f.path)), edges: graph.edges.filter((e) => e.kind === 'calls') },
      });
    } finally {
      if (!args.values.keep) fs.rmSync(copy, { recursive: true, force: true });
      else if (!args.values.json) process.stderr.write(`kept ${copy}\n`);
    }
  }
  // One oracle run per repository: every writer's graph is judged against the same answers.
  const oracle = collectJavaSites(repo, { java: args.values.java });
  for (const g of graphs) {
    if (!g.graph) { results.push({ repo, writer: g.writer, skipped: g.skipped }); continue; }
    const r = compare(oracle, g.graph);
    const calls = r.precision.find((p) => p.kind === 'calls' && p.resolvedBy === '(all)') ?? { edges: 0, confirmed: 0, wrong: 0, noAnswer: 0, noSite: 0 };
    const shapeRows = Object.fromEntries(SHAPES.map((s) => [s, r.recall.find((x) => x.siteKind === s && x.group === '(all)') ?? { sites: 0, found: 0 }]));
    const sites = SHAPES.reduce((n, s) => n + (shapeRows[s].sites ?? 0), 0);
    const found = SHAPES.reduce((n, s) => n + shapeRows[s].found, 0);
    const wrongBy = {};
    for (const { edge } of r.falsePositives) wrongBy[edge.resolvedBy] = (wrongBy[edge.resolvedBy] ?? 0) + 1;
    results.push({
      repo, writer: g.writer, stamp: g.graph.writer, indexSeconds: g.indexSeconds, files: r.files,
      calls: { edges: calls.edges, confirmed: calls.confirmed, wrong: calls.wrong, noAnswer: calls.noAnswer, noSite: calls.noSite },
      recall: { sites, found, byShape: Object.fromEntries(SHAPES.map((s) => [s, { sites: shapeRows[s].sites ?? 0, found: shapeRows[s].found }])) },
      wrongByResolvedBy: Object.entries(wrongBy).sort((a, b) => b[1] - a[1]),
      falsePositives: r.falsePositives.slice(0, 40).map(({ edge, site }) => ({
        site: `${edge.sourceFile}:${edge.line}`, callee: site?.calleeText, resolvedBy: edge.resolvedBy,
        graph: `${edge.targetQualifiedName || edge.targetName} @ ${edge.targetFile}:${edge.targetStart}`,
        oracle: site?.decls?.[0] ? `${site.decls[0].name} @ ${site.decls[0].file}:${site.decls[0].nameLine}` : site?.answer,
      })),
      oracle: { sites: oracle.sites.length, seconds: oracle.oracleSeconds, java: oracle.javaVersion, compilerErrors: oracle.compilerErrors },
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
    const c = x.calls;
    out += `${x.stamp ? ` (${x.stamp})` : ''} · indexed in ${x.indexSeconds.toFixed(1)}s · ${x.files.graph} Java files`;
    out += ` · oracle: javac ${x.oracle.java}, ${x.oracle.sites} sites (${x.oracle.compilerErrors} compiler errors from missing libraries), ${x.oracle.seconds?.toFixed(0)}s\n`;
    out += `  calls precision ${pct(c.confirmed, c.confirmed + c.wrong)} (${c.confirmed} right, ${c.wrong} wrong; ${c.noAnswer} no-answer, ${c.noSite} no-site not judged)\n`;
    out += `  site recall     ${pct(x.recall.found, x.recall.sites)} (${x.recall.found} of ${x.recall.sites} calls of repository methods and constructors)\n`;
    out += `  by shape        ${SHAPES.map((s) => `${s} ${pct(x.recall.byShape[s].found, x.recall.byShape[s].sites)} (${x.recall.byShape[s].found}/${x.recall.byShape[s].sites})`).join(' · ')}\n`;
    out += `  wrong by rule   ${x.wrongByResolvedBy.map(([k, n]) => `${k} ×${n}`).join(', ') || 'none'}\n`;
  }
  process.stdout.write(out);
}
