#!/usr/bin/env node
// Times arbor's extraction alone (every supported file of a repository through extractFile, in one
// thread), without discovery, worker threads, resolution or the database, so that a change to a
// language's rules or to the extraction core can be measured on a busy machine: each run is a fresh
// process (extract-pass.mjs) that reads the files once and extracts them --passes times. The first pass
// is what each extraction thread of an index run pays (grammars loading, code not yet optimised); the
// fastest is the steady number. With --baseline, runs of the two checkouts alternate, and the digests
// of their extractions say whether they agree.
// Usage: node tools/bench/extract-bench.mjs <repo> [--runs N] [--passes P] [--baseline <arbor checkout>] [--json]
import path from 'node:path';
import { benchCommandLine } from './command-line.mjs';
import { passBenchCheckouts, passTable, runPasses, summarisePasses } from './pass-bench.mjs';

const USAGE = 'usage: node tools/bench/extract-bench.mjs <repo> [--runs N] [--passes P] [--baseline <arbor checkout>] [--json]';
const { values, repo, fail, positiveInteger } = benchCommandLine('extract-bench', USAGE, {
  runs: { type: 'string', default: '3' }, passes: { type: 'string', default: '4' }, baseline: { type: 'string' },
  json: { type: 'boolean', default: false },
});
const runs = positiveInteger('runs');
const passes = positiveInteger('passes');
const checkouts = passBenchCheckouts(values.baseline, path.join('extraction', 'extract-file.js'), fail);
const passScript = path.join(path.dirname(new URL(import.meta.url).pathname), 'extract-pass.mjs');
const log = (m) => { if (!values.json || process.stderr.isTTY) process.stderr.write(`${m}\n`); };

const results = runPasses({ checkouts, passScript, repo, runs, passes, log, fail, what: 'extract' });
const { summary, agree } = summarisePasses(results);
if (values.json) {
  process.stdout.write(`${JSON.stringify({ repo, runs, passes, summary, sameExtractions: agree }, null, 2)}\n`);
} else {
  process.stdout.write(passTable(`extract bench: ${repo} · ${runs} run(s) × ${passes} pass(es)`, summary, agree, 'extractions'));
}
process.exit(agree ? 0 : 1);
