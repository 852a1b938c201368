#!/usr/bin/env node
// Times arbor's resolution pass alone (streamGraph over every file's extraction), without the
// extraction threads, the database or process start-up around it, so that a change to resolution
// can be measured on a busy machine: each run is a fresh process (resolve-pass.mjs) that extracts
// the repository once and resolves it --passes times. The first pass is what an index run pays
// (code not yet optimised); the fastest pass is the steadiest number to compare. With --baseline,
// runs of the two checkouts alternate, and the digests of their rows say whether they agree.
// --write adds the graph's storage to each pass (the rows inserted as they come, indexes, FTS, the
// finished file moved into place): then a pass is the whole of an index run after extraction, and
// the digest covers the database's bytes too.
// Usage: node tools/bench/resolve-bench.mjs <repo> [--runs N] [--passes P] [--baseline <arbor checkout>] [--write] [--json]
import path from 'node:path';
import { benchCommandLine } from './command-line.mjs';
import { passBenchCheckouts, passTable, runPasses, summarisePasses } from './pass-bench.mjs';

const USAGE = 'usage: node tools/bench/resolve-bench.mjs <repo> [--runs N] [--passes P] [--baseline <arbor checkout>] [--write] [--json]';
const { values, repo, fail, positiveInteger } = benchCommandLine('resolve-bench', USAGE, {
  runs: { type: 'string', default: '3' }, passes: { type: 'string', default: '6' }, baseline: { type: 'string' },
  write: { type: 'boolean', default: false }, json: { type: 'boolean', default: false },
});
const runs = positiveInteger('runs');
const passes = positiveInteger('passes');
const checkouts = passBenchCheckouts(values.baseline, path.join('resolution', 'graph-builder.js'), fail);
const passScript = path.join(path.dirname(new URL(import.meta.url).pathname), 'resolve-pass.mjs');
const log = (m) => { if (!values.json || process.stderr.isTTY) process.stderr.write(`${m}\n`); };

const results = runPasses({ checkouts, passScript, repo, runs, passes, extra: values.write ? ['write'] : [], log, fail, what: 'resolve' });
const { summary, agree } = summarisePasses(results);
if (values.json) {
  process.stdout.write(`${JSON.stringify({ repo, runs, passes, write: values.write, summary, sameRows: agree }, null, 2)}\n`);
} else {
  const title = `resolve bench: ${repo} · ${runs} run(s) × ${passes} pass(es)${values.write ? ', each pass resolving and writing the graph' : ''}`;
  process.stdout.write(passTable(title, summary, agree, values.write ? 'rows and database bytes' : 'rows'));
}
process.exit(agree ? 0 : 1);
