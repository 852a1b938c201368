#!/usr/bin/env node
// Java accuracy side by side: index fresh copies of a repository with each writer (arbor, codegraph 1.6.1,
// codegraph 0.9.9), ask the javac oracle once, and print each writer's `calls` precision and site recall
// (overall and by call shape) with its most frequent wrong targets.
// Usage: node tools/accuracy/java-baseline.mjs <repo>... [--writer arbor|codegraph-1.6.1|codegraph-0.9.9]...
//          [--arbor <bin.js>] [--codegraph-1.6.1 <codegraph executable or .js>] [--java <exe>] [--json] [--keep]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { compare } from './compare.mjs';
import { indexWithWriters, WRITERS } from './writers.mjs';
import { collectJavaSites, JAVA_FILE } from './java-oracle.mjs';

const SHAPES = ['m()', 'this.m()', 'super.m()', 'obj.m()', 'Cls.m()', 'call().m()', 'this(...)', 'super(...)'];
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

const pct = (n, d) => (d ? `${((100 * n) / d).toFixed(1)}%` : '—');
const results = [];
for (const repoArg of args.positionals) {
  const repo = path.resolve(repoArg);
  if (!fs.existsSync(repo) || !fs.statSync(repo).isDirectory()) fail(`not a folder: ${repo}`);
  // A fresh copy per writer, without any graph already there, so no writer reads another's database.
  const graphs = indexWithWriters(repo, writers, {
    arbor: args.values.arbor, codegraph161: args.values['codegraph-1.6.1'], keep: args.values.keep, quiet: args.values.json, tag: 'javabase',
    // Only `calls` edges are judged: the oracle answers method and constructor invocations, not `new`.
    keepGraph: (graph) => ({ ...graph, files: graph.files.filter((f) => JAVA_FILE.test(f.path)), edges: graph.edges.filter((e) => e.kind === 'calls') }),
  });
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
