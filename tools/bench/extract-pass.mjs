#!/usr/bin/env node
// One process of the extract bench: reads every file of <repo> the indexer of <checkout> supports, then
// extracts them all <passes> times in this thread (no worker threads) and prints one JSON line: the first
// pass (grammars loading and the code not yet optimised, as each extraction thread of an index run pays
// it), the fastest and the median pass, and a digest of every extraction (so a change that should alter
// no extraction is seen to alter none).
//   node tools/bench/extract-pass.mjs <checkout> <repo> <passes>
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';

const [checkout, repo, passesArg] = process.argv.slice(2);
const passes = Number.parseInt(passesArg, 10);
if (!checkout || !repo || !Number.isInteger(passes) || passes < 1) {
  process.stderr.write('usage: node tools/bench/extract-pass.mjs <checkout> <repo> <passes>\n');
  process.exit(2);
}
const dist = path.join(path.resolve(checkout), 'packages', 'indexer', 'dist');
const load = (module) => import(pathToFileURL(path.join(dist, module)).href);
// As the CLI starts (packages/cli/src/v8-tuning.ts), so the passes compile as an index run's do.
const cliTuning = path.join(path.resolve(checkout), 'packages', 'cli', 'dist', 'v8-tuning.js');
if (fs.existsSync(cliTuning)) (await import(pathToFileURL(cliTuning).href)).tuneV8?.([]);
else setFlagsFromString(`--interrupt-budget=${4 * 66 * 1024}`);

const { discoverFiles } = await load('discovery/index.js');
const { extractFile } = await load('extraction/extract-file.js');
const { isSupportedLanguage } = await load('languages/language-table.js');

const root = path.resolve(repo);
const discovery = await discoverFiles(root, { respectGitignore: true, exclude: [], maxFileSize: 1 << 20, sniffBinary: false });
const files = discovery.files
  .filter((file) => isSupportedLanguage(file.language))
  .map((file) => ({ path: file.path, language: file.language, bytes: fs.readFileSync(file.absolutePath) }));

const times = [];
let digest = '';
let rows = 0;
for (let pass = 0; pass < passes; pass++) {
  const extractions = [];
  const started = performance.now();
  for (const file of files) extractions.push(await extractFile(file.path, file.language, file.bytes));
  times.push(performance.now() - started);
  // Digested after the clock stops: the bench times extraction, not hashing.
  const hash = createHash('sha256');
  rows = 0;
  for (const extraction of extractions) {
    hash.update(`${JSON.stringify(extraction)}\n`);
    rows += extraction.declarations.length + extraction.references.length + extraction.imports.length;
  }
  const passDigest = hash.digest('hex').slice(0, 16);
  if (digest && passDigest !== digest) {
    process.stderr.write(`extract-pass: pass ${pass + 1} gave other extractions than pass 1 (${passDigest} vs ${digest})\n`);
    process.exit(1);
  }
  digest = passDigest;
}
const sorted = [...times].sort((a, b) => a - b);
process.stdout.write(`${JSON.stringify({
  files: files.length, rows, digest,
  firstMs: Math.round(times[0]), minMs: Math.round(sorted[0]), medianMs: Math.round(sorted[Math.floor(sorted.length / 2)]),
})}\n`);
