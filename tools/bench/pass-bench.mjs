// What the pass benches (resolve-bench, extract-bench) share: runs of a pass script, each a fresh
// process, alternating between this checkout and a baseline, and a summary of the first, fastest and
// median pass with the digests of what each pass produced (the same digests: the same output).
// A pass script is run as `node <script> <checkout> <repo> <passes> [extra...]` and prints one JSON
// line: { files, rows, digest, firstMs, minMs, medianMs }.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { median } from './measure.mjs';
import { ARBOR_ROOT, checkoutLinksOutside } from './tools.mjs';

/**
 * The checkouts to compare: this one as `arbor`, and `baseline` (a path) as `arbor-baseline`. Each must
 * have built `builtFile` (relative to its indexer package's dist/) and load its own packages.
 */
export function passBenchCheckouts(baseline, builtFile, fail) {
  const checkouts = { arbor: ARBOR_ROOT };
  if (baseline) checkouts['arbor-baseline'] = path.resolve(baseline);
  for (const [name, checkout] of Object.entries(checkouts)) {
    const built = path.join(checkout, 'packages', 'indexer', 'dist', builtFile);
    if (!fs.existsSync(built)) fail(`${name}: no built indexer at ${built} (npm install in that checkout)`);
    const outside = checkoutLinksOutside(checkout, [['indexer', 'vocabulary']]);
    if (outside) fail(`${name}: ${outside}`);
  }
  return checkouts;
}

/** Runs the pass script `runs` times per checkout, alternating; returns { name: [result per run] }. */
export function runPasses({ checkouts, passScript, repo, runs, passes, extra = [], log, fail, what }) {
  const results = Object.fromEntries(Object.keys(checkouts).map((name) => [name, []]));
  for (let run = 1; run <= runs; run++) {
    // Alternating, so that a machine that slows down for a while slows both alike.
    const order = run % 2 === 1 ? Object.keys(checkouts) : Object.keys(checkouts).reverse();
    for (const name of order) {
      let out;
      try {
        out = execFileSync(process.execPath, [passScript, checkouts[name], repo, String(passes), ...extra], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 24 });
      } catch (e) {
        fail(`${name}: the ${what} pass failed: ${String(e.stderr || e.message).trim()}`);
      }
      const result = JSON.parse(out.trim().split('\n').pop());
      results[name].push(result);
      log(`run ${run} ${name}: first ${result.firstMs} ms, fastest ${result.minMs} ms, median ${result.medianMs} ms (${result.files} files, ${result.rows} rows, ${result.digest})`);
    }
  }
  return results;
}

/** Medians per checkout, and whether every run of every checkout gave the same digest. */
export function summarisePasses(results) {
  const summary = Object.fromEntries(Object.entries(results).map(([name, list]) => [name, {
    files: list[0].files, rows: list[0].rows, digests: [...new Set(list.map((r) => r.digest))],
    firstMs: median(list.map((r) => r.firstMs)), minMs: Math.min(...list.map((r) => r.minMs)), medianMs: median(list.map((r) => r.medianMs)),
  }]));
  const agree = new Set(Object.values(summary).flatMap((s) => s.digests)).size === 1;
  return { summary, agree };
}

/** The table a pass bench prints; `rowsWord` names what the digest covers. */
export function passTable(title, summary, agree, rowsWord) {
  let text = `${title}\n`;
  text += '  tool            files     rows   first pass (median)  fastest pass  median pass  digest\n';
  for (const [name, s] of Object.entries(summary)) {
    text += `  ${name.padEnd(14)} ${String(s.files).padStart(6)} ${String(s.rows).padStart(8)}   ${`${s.firstMs} ms`.padStart(18)}  ${`${s.minMs} ms`.padStart(12)}  ${`${s.medianMs} ms`.padStart(11)}  ${s.digests.join(',')}\n`;
  }
  if (summary['arbor-baseline']) {
    const a = summary.arbor;
    const b = summary['arbor-baseline'];
    text += `arbor / baseline: first pass ${(a.firstMs / b.firstMs).toFixed(2)}×, fastest pass ${(a.minMs / b.minMs).toFixed(2)}×\n`;
  }
  text += agree ? `${rowsWord}: the same in every run\n` : `${rowsWord}: DIFFER between runs or checkouts (see the digests)\n`;
  return text;
}
