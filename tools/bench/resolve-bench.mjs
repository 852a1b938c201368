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
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { benchCommandLine } from './command-line.mjs';
import { median } from './measure.mjs';
import { ARBOR_ROOT, checkoutLinksOutside } from './tools.mjs';

const USAGE = 'usage: node tools/bench/resolve-bench.mjs <repo> [--runs N] [--passes P] [--baseline <arbor checkout>] [--write] [--json]';
const { values, repo, fail, positiveInteger } = benchCommandLine('resolve-bench', USAGE, {
  runs: { type: 'string', default: '3' }, passes: { type: 'string', default: '6' }, baseline: { type: 'string' },
  write: { type: 'boolean', default: false }, json: { type: 'boolean', default: false },
});
const runs = positiveInteger('runs');
const passes = positiveInteger('passes');

const checkouts = { arbor: ARBOR_ROOT };
if (values.baseline) checkouts['arbor-baseline'] = path.resolve(values.baseline);
for (const [name, checkout] of Object.entries(checkouts)) {
  const built = path.join(checkout, 'packages', 'indexer', 'dist', 'resolution', 'graph-builder.js');
  if (!fs.existsSync(built)) fail(`${name}: no built indexer at ${built} (npm install in that checkout)`);
  const outside = checkoutLinksOutside(checkout, [['indexer', 'vocabulary']]);
  if (outside) fail(`${name}: ${outside}`);
}
const passScript = path.join(path.dirname(new URL(import.meta.url).pathname), 'resolve-pass.mjs');
const log = (m) => { if (!values.json || process.stderr.isTTY) process.stderr.write(`${m}\n`); };

const results = Object.fromEntries(Object.keys(checkouts).map((name) => [name, []]));
for (let run = 1; run <= runs; run++) {
  // Alternating, so that a machine that slows down for a while slows both alike.
  const order = run % 2 === 1 ? Object.keys(checkouts) : Object.keys(checkouts).reverse();
  for (const name of order) {
    let out;
    try {
      out = execFileSync(process.execPath, [passScript, checkouts[name], repo, String(passes), ...(values.write ? ['write'] : [])], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 24 });
    } catch (e) {
      fail(`${name}: the resolve pass failed: ${String(e.stderr || e.message).trim()}`);
    }
    const result = JSON.parse(out.trim().split('\n').pop());
    results[name].push(result);
    log(`run ${run} ${name}: first ${result.firstMs} ms, fastest ${result.minMs} ms, median ${result.medianMs} ms (${result.files} files, ${result.rows} rows, ${result.digest})`);
  }
}

const summary = Object.fromEntries(Object.entries(results).map(([name, list]) => [name, {
  files: list[0].files, rows: list[0].rows, digests: [...new Set(list.map((r) => r.digest))],
  firstMs: median(list.map((r) => r.firstMs)), minMs: Math.min(...list.map((r) => r.minMs)), medianMs: median(list.map((r) => r.medianMs)),
}]));
const digests = new Set(Object.values(summary).flatMap((s) => s.digests));
const agree = digests.size === 1;
if (values.json) {
  process.stdout.write(`${JSON.stringify({ repo, runs, passes, write: values.write, summary, sameRows: agree }, null, 2)}\n`);
} else {
  let text = `resolve bench: ${repo} · ${runs} run(s) × ${passes} pass(es)${values.write ? ', each pass resolving and writing the graph' : ''}\n`;
  text += '  tool            files     rows   first pass (median)  fastest pass  median pass  digest\n';
  for (const [name, s] of Object.entries(summary)) {
    text += `  ${name.padEnd(14)} ${String(s.files).padStart(6)} ${String(s.rows).padStart(8)}   ${`${s.firstMs} ms`.padStart(18)}  ${`${s.minMs} ms`.padStart(12)}  ${`${s.medianMs} ms`.padStart(11)}  ${s.digests.join(',')}\n`;
  }
  if (summary['arbor-baseline']) {
    const a = summary.arbor;
    const b = summary['arbor-baseline'];
    text += `arbor / baseline: first pass ${(a.firstMs / b.firstMs).toFixed(2)}×, fastest pass ${(a.minMs / b.minMs).toFixed(2)}×\n`;
  }
  const what = values.write ? 'rows and database bytes' : 'rows';
  text += agree ? `${what}: the same in every run\n` : `${what}: DIFFER between runs or checkouts (see the digests)\n`;
  process.stdout.write(text);
}
process.exit(agree ? 0 : 1);
