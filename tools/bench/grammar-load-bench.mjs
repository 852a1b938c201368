#!/usr/bin/env node
// Per-thread grammar load: how long a fresh worker thread takes to initialise tree-sitter's runtime and to
// load each named grammar, when the main thread hands it the compiled WebAssembly modules (what the
// extraction pool does) and when the worker compiles its own (an arbor without the hand-over, or --own).
// Each measurement is a process of its own, alternating with a baseline checkout when one is named.
// Usage: node tools/bench/grammar-load-bench.mjs [--language L]... [--runs N] [--baseline <arbor checkout>] [--json]
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { median } from './measure.mjs';

const loader = (checkout) => pathToFileURL(path.join(checkout, 'packages', 'indexer', 'dist', 'parsing', 'grammar-loader.js')).href;
const handOver = (checkout) => pathToFileURL(path.join(checkout, 'packages', 'indexer', 'dist', 'parsing', 'compiled-modules.js')).href;

if (!isMainThread) {
  // The worker: adopt what it was handed, then time the runtime and each grammar.
  const { checkout, modules, languages } = workerData;
  const gl = await import(loader(checkout));
  if (Object.keys(modules).length > 0) {
    const { adoptCompiledModule } = await import(handOver(checkout));
    for (const [name, module] of Object.entries(modules)) adoptCompiledModule(name, module);
  }
  const out = {};
  let t = performance.now();
  await gl.initParser();
  out.runtime = performance.now() - t;
  for (const language of languages) {
    t = performance.now();
    await gl.loadGrammar(language);
    out[language] = performance.now() - t;
  }
  parentPort.postMessage(out);
} else if (process.argv[2] === '--one') {
  // One measured process: <checkout> <handed|own> <languages,...>
  const [, , , checkout, mode, list] = process.argv;
  const languages = list.split(',');
  const modules = {};
  if (mode === 'handed') {
    const gl = await import(loader(checkout));
    if (typeof gl.compiledGrammar !== 'function') throw new Error(`${checkout} does not hand compiled grammars to its workers`);
    modules.runtime = await gl.compiledGrammar('runtime');
    for (const language of languages) modules[language] = await gl.compiledGrammar(language);
  }
  const worker = new Worker(fileURLToPath(import.meta.url), { workerData: { checkout, modules, languages } });
  worker.once('message', (m) => {
    process.stdout.write(`${JSON.stringify(m)}\n`);
    void worker.terminate();
  });
} else {
  const { parseArgs } = await import('node:util');
  const USAGE = 'usage: node tools/bench/grammar-load-bench.mjs [--language L]... [--runs N] [--baseline <arbor checkout>] [--own] [--json]';
  const fail = (message) => {
    process.stderr.write(`grammar-load-bench: ${message}\n${USAGE}\n`);
    process.exit(2);
  };
  let values;
  try {
    ({ values } = parseArgs({ options: {
      language: { type: 'string', multiple: true }, runs: { type: 'string', default: '5' }, baseline: { type: 'string' },
      own: { type: 'boolean', default: false }, json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false },
    } }));
  } catch (e) {
    fail(e.message);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const positiveInteger = (option) => {
    const value = Number.parseInt(values[option], 10);
    if (!Number.isInteger(value) || value < 1) fail(`--${option} must be a positive integer`);
    return value;
  };
  const runs = positiveInteger('runs');
  const languages = values.language ?? ['kotlin', 'java', 'python'];
  const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  const variants = [{ name: values.own ? 'arbor (own compile)' : 'arbor', checkout: here, mode: values.own ? 'own' : 'handed' }];
  if (values.baseline) variants.push({ name: 'arbor-baseline', checkout: path.resolve(values.baseline), mode: 'own' });
  const results = Object.fromEntries(variants.map((v) => [v.name, []]));
  for (let run = 0; run < runs; run++) {
    for (const v of run % 2 ? [...variants].reverse() : variants) {
      const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--one', v.checkout, v.mode, languages.join(',')], { encoding: 'utf8' });
      results[v.name].push(JSON.parse(out.trim().split('\n').pop()));
    }
  }
  const summary = Object.fromEntries(Object.entries(results).map(([name, list]) =>
    [name, Object.fromEntries(Object.keys(list[0]).map((k) => [k, Math.round(median(list.map((r) => r[k])) * 10) / 10]))]));
  if (values.json) process.stdout.write(`${JSON.stringify({ languages, runs, summary }, null, 2)}\n`);
  else {
    process.stdout.write(`per-thread load in a fresh worker, ms, median of ${runs} (load ${process.platform === 'linux' ? (await import('node:os')).loadavg()[0].toFixed(1) : '?'})\n`);
    for (const [name, row] of Object.entries(summary)) process.stdout.write(`  ${name.padEnd(22)} ${Object.entries(row).map(([k, v]) => `${k} ${v}`).join('  ')}\n`);
  }
}
