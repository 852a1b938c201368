#!/usr/bin/env node
// What a language's extraction finds on a real repository, beside codegraph 0.9.9 on a copy of the same
// checkout: files, declarations by kind and how many of codegraph's functions, methods and classes arbor also
// declares, edges by kind and resolvedBy, unresolved sites, and a reproducible sample of `calls` edges printed
// with the calling line and the target's declaration line, for judging by reading the code. For the languages
// no compiler oracle here judges, and for Zig, which codegraph does not index, against the
// `fn` declarations a plain scan of the source finds.
//
//   node tools/accuracy/language-report.mjs <repo> [--language L] [--arbor <bin>] [--samples N] [--seed N]
//        [--no-codegraph] [--json]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { sample } from './sample.mjs';
import { indexWithWriters } from './writers.mjs';

/** Node kinds compared with codegraph: the callable and type declarations that must reach ≥ 95%. */
const COMPARED_KINDS = ['function', 'method', 'class', 'struct', 'interface', 'trait', 'enum'];

function readDeclarations(dbPath, language) {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const langFilter = language ? 'WHERE f.language = ?' : '';
    const args = language ? [language] : [];
    const files = db.prepare(`SELECT f.path, f.language FROM files f ${langFilter}`).all(...args);
    const nodes = db.prepare(`
      SELECT n.id, n.kind, n.name, n.qualified_name AS qualifiedName, n.file_path AS file, n.start_line AS line
      FROM nodes n JOIN files f ON f.path = n.file_path ${langFilter}`).all(...args);
    const edges = db.prepare(`
      SELECT e.kind, e.line, e.metadata, s.name AS sourceName, s.file_path AS sourceFile,
             t.kind AS targetKind, t.qualified_name AS targetQualifiedName, t.file_path AS targetFile, t.start_line AS targetLine
      FROM edges e JOIN nodes s ON s.id = e.source JOIN nodes t ON t.id = e.target
      JOIN files f ON f.path = s.file_path ${langFilter}`).all(...args);
    let unresolved = [];
    try {
      unresolved = db.prepare(`
        SELECT u.reference_kind AS kind, u.reference_name AS name FROM unresolved_refs u
        JOIN nodes s ON s.id = u.from_node_id JOIN files f ON f.path = s.file_path ${langFilter}`).all(...args);
    } catch { /* a writer without the table */ }
    return { files, nodes, edges, unresolved };
  } finally {
    db.close();
  }
}

function countBy(items, key) {
  const counts = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).sort((a, b) => b[1] - a[1]));
}

function resolvedByOf(metadata) {
  try { return JSON.parse(metadata ?? 'null')?.resolvedBy ?? '(none)'; } catch { return '(bad metadata)'; }
}

/** codegraph's declarations of the compared kinds that arbor also declares (same file, name and line ±1). */
function coverage(arbor, peer) {
  const have = new Set(arbor.nodes.map((n) => `${n.file}\0${n.name}\0${n.line}`));
  const found = (n) => [n.line - 1, n.line, n.line + 1].some((line) => have.has(`${n.file}\0${n.name}\0${line}`));
  const result = {};
  const missing = [];
  for (const kind of COMPARED_KINDS) {
    const theirs = peer.nodes.filter((n) => n.kind === kind);
    if (theirs.length === 0) continue;
    const hits = theirs.filter(found);
    result[kind] = { codegraph: theirs.length, alsoInArbor: hits.length, percent: +(100 * hits.length / theirs.length).toFixed(1) };
    missing.push(...theirs.filter((n) => !found(n)).map((n) => `${n.kind} ${n.file}:${n.line} ${n.name}`));
  }
  const all = peer.nodes.filter((n) => COMPARED_KINDS.includes(n.kind));
  const allHits = all.filter(found).length;
  result.all = { codegraph: all.length, alsoInArbor: allHits, percent: all.length ? +(100 * allHits / all.length).toFixed(1) : null };
  return { byKind: result, missingExamples: missing.slice(0, 40) };
}

/** Zig: `fn` declarations a line scan finds (codegraph indexes no Zig), against arbor's functions and methods. */
function zigScan(repo, arbor) {
  const have = new Set(arbor.nodes.filter((n) => n.kind === 'function' || n.kind === 'method').map((n) => `${n.file}\0${n.name}\0${n.line}`));
  let total = 0;
  let hits = 0;
  const missing = [];
  for (const file of arbor.files) {
    const lines = fs.readFileSync(path.join(repo, file.path), 'utf8').split(/\r\n|\r|\n/);
    lines.forEach((text, i) => {
      const match = /^\s*(?:pub\s+)?(?:export\s+|extern\s+(?:"[^"]*"\s+)?)?(?:inline\s+|noinline\s+)?fn\s+([A-Za-z_][A-Za-z0-9_]*)\s*\(/.exec(text);
      if (!match) return;
      total++;
      if (have.has(`${file.path}\0${match[1]}\0${i + 1}`)) hits++;
      else missing.push(`${file.path}:${i + 1} ${match[1]}`);
    });
  }
  return { fnDeclarations: total, alsoInArbor: hits, percent: total ? +(100 * hits / total).toFixed(1) : null, missingExamples: missing.slice(0, 40) };
}

/** The source line, followed by up to three more when `name` is not on it (a site is recorded where its chain starts). */
function lineOf(repo, file, line, name) {
  let lines;
  try { lines = fs.readFileSync(path.join(repo, file), 'utf8').split(/\r\n|\r|\n/); } catch { return ''; }
  const shown = [];
  for (let i = line - 1; i < Math.min(lines.length, line + 3); i++) {
    shown.push(lines[i].trim().slice(0, 160));
    if (!name || lines[i].includes(name)) break;
  }
  return shown.join(' ⏎ ');
}

function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      language: { type: 'string' }, arbor: { type: 'string' }, samples: { type: 'string', default: '40' },
      seed: { type: 'string', default: '1' }, 'no-codegraph': { type: 'boolean', default: false }, json: { type: 'boolean', default: false },
    },
  });
  if (positionals.length !== 1) {
    process.stderr.write('usage: node tools/accuracy/language-report.mjs <repo> [--language L] [--arbor <bin>] [--samples N] [--seed N] [--no-codegraph] [--json]\n');
    process.exit(2);
  }
  const repo = path.resolve(positionals[0]);
  const writers = values['no-codegraph'] || values.language === 'zig' ? ['arbor'] : ['arbor', 'codegraph-0.9.9'];
  const graphs = {};
  for (const result of indexWithWriters(repo, writers, { arbor: values.arbor, tag: 'language-report', keep: true, quiet: true })) {
    if (result.skipped) { process.stderr.write(`${result.writer}: skipped: ${result.skipped}\n`); continue; }
    graphs[result.writer] = result;
  }
  if (!graphs.arbor) process.exit(1);
  const dbOf = (writer) => graphs[writer].dbPath;
  const arbor = readDeclarations(dbOf('arbor'), values.language);
  const report = {
    repo: path.basename(repo),
    language: values.language ?? '(all)',
    indexSeconds: Object.fromEntries(Object.entries(graphs).map(([w, g]) => [w, g.indexSeconds])),
    files: arbor.files.length,
    declarationsByKind: countBy(arbor.nodes, (n) => n.kind),
    edgesByKind: countBy(arbor.edges, (e) => e.kind),
    callsByResolvedBy: countBy(arbor.edges.filter((e) => e.kind === 'calls'), (e) => resolvedByOf(e.metadata)),
    unresolvedByKind: countBy(arbor.unresolved, (u) => u.kind),
  };
  if (graphs['codegraph-0.9.9']) {
    const peer = readDeclarations(dbOf('codegraph-0.9.9'), values.language);
    report.codegraph = { files: peer.files.length, declarationsByKind: countBy(peer.nodes, (n) => n.kind), edgesByKind: countBy(peer.edges, (e) => e.kind) };
    report.coverage = coverage(arbor, peer);
  }
  if (values.language === 'zig') report.zigFnScan = zigScan(repo, arbor);
  const calls = arbor.edges.filter((e) => e.kind === 'calls').sort((a, b) => `${a.sourceFile}:${a.line}`.localeCompare(`${b.sourceFile}:${b.line}`));
  report.sample = sample(calls, Number(values.samples), Number(values.seed)).map((e) => ({
    site: `${e.sourceFile}:${e.line}`, code: lineOf(repo, e.sourceFile, e.line, e.targetQualifiedName.split(/::|\./).pop()),
    target: `${e.targetFile}::${e.targetQualifiedName}`, targetLine: e.targetLine, declared: lineOf(repo, e.targetFile, e.targetLine),
    resolvedBy: resolvedByOf(e.metadata),
  }));
  for (const g of Object.values(graphs)) fs.rmSync(g.copy, { recursive: true, force: true });

  if (values.json) { process.stdout.write(`${JSON.stringify(report, null, 2)}\n`); return; }
  const out = [];
  out.push(`# ${report.repo} (${report.language}): ${report.files} files; index ${JSON.stringify(report.indexSeconds)} s`);
  out.push(`declarations: ${JSON.stringify(report.declarationsByKind)}`);
  out.push(`edges: ${JSON.stringify(report.edgesByKind)}`);
  out.push(`calls by resolvedBy: ${JSON.stringify(report.callsByResolvedBy)}`);
  out.push(`unresolved: ${JSON.stringify(report.unresolvedByKind)}`);
  if (report.codegraph) {
    out.push(`codegraph 0.9.9: ${report.codegraph.files} files; declarations ${JSON.stringify(report.codegraph.declarationsByKind)}; edges ${JSON.stringify(report.codegraph.edgesByKind)}`);
    out.push(`codegraph's declarations arbor also has: ${JSON.stringify(report.coverage.byKind)}`);
    if (report.coverage.missingExamples.length) out.push(`  missing (first 40):\n    ${report.coverage.missingExamples.join('\n    ')}`);
  }
  if (report.zigFnScan) {
    const z = report.zigFnScan;
    out.push(`fn declarations in the source: ${z.fnDeclarations}, arbor declares ${z.alsoInArbor} (${z.percent}%)`);
    if (z.missingExamples.length) out.push(`  missing (first 40):\n    ${z.missingExamples.join('\n    ')}`);
  }
  out.push(`\n${report.sample.length} sampled calls edges (seed ${values.seed}): judge each by reading the code`);
  report.sample.forEach((s, i) => {
    out.push(`${String(i + 1).padStart(2)}. ${s.site}  ${s.code}\n    → ${s.target} (line ${s.targetLine}, ${s.resolvedBy})  ${s.declared}`);
  });
  process.stdout.write(`${out.join('\n')}\n`);
}

main();
