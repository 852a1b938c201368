#!/usr/bin/env node
// Query timings on one graph: each @arbor/query command in-process, and the whole `arbor callers X` process
// next to `codegraph callers X` (codegraph CLI 0.9.9) on the same database.
// Usage: node tools/bench/query-bench.mjs <repo> [--index-with arbor|codegraph] [--symbol X]... [--runs N]
//                                        [--cli-runs N] [--json]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { benchCommandLine } from './command-line.mjs';
import { measure, median } from './measure.mjs';
import { ARBOR_BIN, ARBOR_ROOT, CODEGRAPH_ENV, CODEGRAPH_SHIM, INDEXERS, dbPathOf } from './tools.mjs';

const USAGE = 'usage: node tools/bench/query-bench.mjs <repo> [--index-with arbor|codegraph] [--symbol X]... [--runs N] [--cli-runs N] [--json]';
const QUERY_DIST = path.join(ARBOR_ROOT, 'packages', 'query', 'dist', 'index.js');
// The repository is checked below: the bench needs a graph in it, or --index-with to build one.
const { values, repo, fail, positiveInteger } = benchCommandLine('query-bench', USAGE, {
  'index-with': { type: 'string' }, symbol: { type: 'string', multiple: true },
  runs: { type: 'string', default: '20' }, 'cli-runs': { type: 'string', default: '5' },
  json: { type: 'boolean', default: false },
}, { repoMustExist: false });
const runs = positiveInteger('runs');
const cliRuns = positiveInteger('cli-runs');
const indexWith = values['index-with'];
if (indexWith && !INDEXERS[indexWith]) fail(`--index-with takes arbor or codegraph, not ${indexWith}`);
if (!indexWith && !fs.existsSync(dbPathOf(repo))) {
  fail(`${repo} has no .codegraph/codegraph.db: pass --index-with arbor|codegraph to build one in the bench's copy`);
}
const log = (m) => process.stderr.write(`${m}\n`);

// Work on a private copy: the codegraph CLI must never touch (or migrate) the caller's database.
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-qbench-'));
// Also on Ctrl-C (measure() exits with 130 after stopping the child's process tree).
process.on('exit', () => { if (!false) fs.rmSync(scratch, { recursive: true, force: true }); });
const root = path.join(scratch, path.basename(repo));
const out = { repo, graphWriter: null, symbols: [], inProcess: null, cli: null, notes: [] };
try {
  fs.cpSync(repo, root, { recursive: true, verbatimSymlinks: true, filter: (src) => !indexWith || path.basename(src) !== '.codegraph' });
  if (indexWith) {
    const ok = INDEXERS[indexWith].available();
    if (ok !== true) fail(ok);
    const { command, args: a, env } = INDEXERS[indexWith].command(root);
    log(`indexing the copy with ${indexWith}…`);
    const m = await measure(command, a, { cwd: root, env });
    if (m.exitCode !== 0) fail(`${indexWith} failed:\n${m.stderr.slice(-2000)}`);
    out.graphWriter = indexWith;
  } else {
    out.graphWriter = 'existing';
  }
  const picked = pickSubjects(dbPathOf(root), values.symbol);
  out.symbols = picked.symbols.map((s) => s.name);
  out.subjects = picked;

  out.inProcess = fs.existsSync(QUERY_DIST)
    ? await inProcessTimings(root, picked, runs)
    : { skipped: `@arbor/query is not built (${path.relative(ARBOR_ROOT, QUERY_DIST)} missing: run npm run build)` };
  out.cli = await cliTimings(root, picked.symbols, cliRuns);
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}

process.stdout.write(values.json ? `${JSON.stringify(out, null, 2)}\n` : render(out));

/** Symbols with one declaration each (so neither CLI has to ask which one), most-called first. */
function pickSubjects(dbFile, requested) {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    const uniqueNamed = `(SELECT COUNT(*) FROM nodes n WHERE n.name = t.name) = 1`;
    let symbols;
    if (requested?.length) {
      symbols = requested.map((name) => db.prepare('SELECT id, name, file_path AS file FROM nodes t WHERE name = ? OR qualified_name = ? LIMIT 1').get(name, name) ?? { name, id: null, file: null });
    } else {
      symbols = db.prepare(`
        SELECT t.id, t.name, t.file_path AS file, COUNT(*) AS calls FROM edges e JOIN nodes t ON t.id = e.target
        WHERE e.kind = 'calls' AND t.kind IN ('function', 'method', 'class') AND ${uniqueNamed}
        GROUP BY t.id ORDER BY calls DESC, t.name LIMIT 3`).all();
    }
    if (!symbols.length) fail('the graph has no uniquely named symbol with callers; pass --symbol');
    // A caller of a caller of the first symbol, for `trace`.
    const callerOf = db.prepare(`
      SELECT t.id, t.name FROM edges e JOIN nodes t ON t.id = e.source
      WHERE e.target = ? AND e.kind = 'calls' AND t.kind IN ('function', 'method') AND ${uniqueNamed} AND t.id <> e.target
      ORDER BY t.name LIMIT 1`);
    let from = symbols[0].id ? callerOf.get(symbols[0].id) : null;
    const further = from ? callerOf.get(from.id) : null;
    if (further && further.name !== symbols[0].name) from = further;
    return { symbols, traceFrom: from?.name ?? null };
  } finally {
    db.close();
  }
}

async function inProcessTimings(projectRoot, subjects, n) {
  const q = await import(pathToFileURL(QUERY_DIST).href);
  const open = timeIt(n, () => { q.openProject({ path: projectRoot }).close(); });
  const project = q.openProject({ path: projectRoot });
  try {
    const first = subjects.symbols[0];
    const words = first.name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_$]+/g, ' ').toLowerCase();
    const cases = [
      ['status', () => q.status({ path: projectRoot })],
      ['search', () => q.search(project, first.name)],
      ['node', () => q.nodeInfo(project, first.name)],
      ...subjects.symbols.map((s) => [`callers ${s.name}`, () => q.callers(project, s.name)]),
      [`callers ${first.name} --depth 3`, () => q.callers(project, first.name, { depth: 3 })],
      ['callees', () => q.callees(project, subjects.traceFrom ?? first.name)],
      ['impact (symbol)', () => q.impact(project, first.name)],
      ['impact (file)', () => q.impact(project, first.file)],
      ...(subjects.traceFrom ? [[`trace ${subjects.traceFrom} ${first.name}`, () => q.trace(project, subjects.traceFrom, first.name)]] : []),
      ['files', () => q.files(project, undefined)],
      ['explore', () => q.explore(project, first.name)],
      ['context', () => q.context(project, `change how ${words} works`)],
      ['affected', () => q.affected(project, [first.file])],
    ];
    const commands = cases.map(([name, fn]) => {
      try { return { name, ...timeIt(n, fn) }; } catch (e) { return { name, error: e.message.split('\n')[0] }; }
    });
    return { runs: n, openProject: open, commands };
  } finally {
    project.close();
  }
}

function timeIt(n, fn) {
  fn(); // warm-up: first call compiles statements and fills caches
  const ms = [];
  for (let i = 0; i < n; i++) {
    const t = process.hrtime.bigint();
    fn();
    ms.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return { medianMs: median(ms), minMs: Math.min(...ms), maxMs: Math.max(...ms) };
}

function countAnswers(tool, stdout) {
  try {
    const j = JSON.parse(stdout);
    if (tool === 'codegraph') return j.callers?.length ?? null;
    return (j.hops ?? j.callers ?? j.result?.hops)?.length ?? null;
  } catch { return null; }
}

async function cliTimings(projectRoot, symbols, n) {
  const clis = {
    node: { available: true, run: () => ({ command: process.execPath, args: ['-e', '0'], env: {} }) },
    arbor: {
      available: fs.existsSync(ARBOR_BIN) || 'arbor is not built',
      run: (s) => ({ command: process.execPath, args: [ARBOR_BIN, 'callers', s, '-p', projectRoot, '--json', '--limit', '20'], env: { NO_COLOR: '1' } }),
    },
    codegraph: {
      available: fs.existsSync(CODEGRAPH_SHIM) || 'codegraph 0.9.9 is not installed',
      run: (s) => ({ command: process.execPath, args: [CODEGRAPH_SHIM, 'callers', s, '-p', projectRoot, '--json', '--limit', '20'], env: CODEGRAPH_ENV }),
    },
  };
  const rows = [];
  const skipped = {};
  for (const [tool, cli] of Object.entries(clis)) if (cli.available !== true) skipped[tool] = cli.available;
  const targets = [null, ...symbols.map((s) => s.name)];
  for (const symbol of targets) {
    const tools = symbol === null ? ['node'] : ['arbor', 'codegraph'].filter((t) => !skipped[t]);
    const samples = Object.fromEntries(tools.map((t) => [t, []]));
    const answers = {};
    for (let i = 0; i < n; i++) {
      for (const tool of i % 2 ? [...tools].reverse() : tools) {
        const { command, args: a, env } = clis[tool].run(symbol);
        const m = await measure(command, a, { cwd: projectRoot, env });
        if (m.exitCode !== 0) {
          const lines = (m.stderr || m.stdout).trim().split('\n');
          answers[tool] = `exit ${m.exitCode}: ${lines.find((l) => /error/i.test(l)) ?? lines.at(-1)}`.slice(0, 160);
          continue;
        }
        samples[tool].push(m);
        answers[tool] ??= countAnswers(tool, m.stdout);
      }
    }
    for (const tool of tools) {
      const ms = samples[tool];
      rows.push({
        question: symbol === null ? 'node -e 0 (startup floor)' : `callers ${symbol}`, tool,
        wallMs: ms.length ? median(ms.map((m) => m.wallSeconds * 1000)) : null,
        cpuMs: ms.length ? median(ms.map((m) => (m.cpuSeconds ?? NaN) * 1000)) : null,
        maxRssKb: ms.length ? median(ms.map((m) => m.maxRssKb)) : null,
        answers: answers[tool] ?? null, runs: ms.length,
      });
    }
  }
  return { runs: n, rows, skipped };
}

function render(o) {
  const f = (x, d = 2) => (x == null || Number.isNaN(x) ? '—' : x.toFixed(d));
  let text = `query bench: ${o.repo} (graph: ${o.graphWriter === 'existing' ? 'the repo\'s own .codegraph/codegraph.db' : `written by ${o.graphWriter}`})\n`;
  text += `subjects: ${o.symbols.join(', ')}${o.subjects.traceFrom ? `; trace from ${o.subjects.traceFrom}` : ''}\n\n`;
  if (o.inProcess?.skipped) text += `IN-PROCESS: skipped — ${o.inProcess.skipped}\n`;
  else {
    text += `IN-PROCESS (@arbor/query, ${o.inProcess.runs} runs after one warm-up; ms)\n`;
    const rows = [['openProject+close', o.inProcess.openProject], ...o.inProcess.commands.map((c) => [c.name, c])];
    const w = Math.max(...rows.map((r) => r[0].length));
    text += `  ${'command'.padEnd(w)}  ${'median'.padStart(8)}  ${'min'.padStart(8)}  ${'max'.padStart(8)}\n`;
    for (const [name, r] of rows) {
      text += r.error ? `  ${name.padEnd(w)}  error: ${r.error}\n`
        : `  ${name.padEnd(w)}  ${f(r.medianMs, 3).padStart(8)}  ${f(r.minMs, 3).padStart(8)}  ${f(r.maxMs, 3).padStart(8)}\n`;
    }
  }
  text += `\nCLI PROCESS (wall of the whole process, median of ${o.cli.runs}; --json --limit 20)\n`;
  const w = Math.max(...o.cli.rows.map((r) => r.question.length));
  text += `  ${'question'.padEnd(w)}  ${'tool'.padEnd(9)}  ${'wall ms'.padStart(8)}  ${'cpu ms'.padStart(8)}  ${'RSS MiB'.padStart(8)}  answers\n`;
  for (const r of o.cli.rows) {
    text += `  ${r.question.padEnd(w)}  ${r.tool.padEnd(9)}  ${f(r.wallMs, 0).padStart(8)}  ${f(r.cpuMs, 0).padStart(8)}  ${f(r.maxRssKb == null ? null : r.maxRssKb / 1024, 0).padStart(8)}  ${r.answers ?? '—'}\n`;
  }
  const byQuestion = new Map();
  for (const r of o.cli.rows) { if (!byQuestion.has(r.question)) byQuestion.set(r.question, {}); byQuestion.get(r.question)[r.tool] = r.wallMs; }
  for (const [q, t] of byQuestion) if (t.arbor && t.codegraph) text += `  ${q}: arbor/codegraph wall = ${(t.arbor / t.codegraph).toFixed(2)}× (target ≤ 0.3×)\n`;
  for (const [tool, why] of Object.entries(o.cli.skipped)) text += `  skipped ${tool}: ${why}\n`;
  return text;
}
