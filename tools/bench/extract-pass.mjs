#!/usr/bin/env node
// One process of the extract bench: reads every file of <repo> the indexer of <checkout> supports, then
// extracts them all <passes> times in this thread (no worker threads) and prints one JSON line: the first
// pass (grammars loading and the code not yet optimised, as each extraction thread of an index run pays
// it), the fastest and the median pass, and a digest of every extraction (so a change that should alter
// no extraction is seen to alter none).
//   node tools/bench/extract-pass.mjs <checkout> <repo> <passes>
import { createHash } from 'node:crypto';
import { passProcess, supportedFiles, timePasses } from './pass-script.mjs';

const { root, passes, load, languages } = await passProcess('extract-pass');
const { extractFile } = await load('extraction/extract-file.js');
const { extractionLanguages } = await languages();
const files = await supportedFiles(load, languages, root);

await timePasses('extract-pass', passes, files.length, 'extractions', async () => {
  const extractions = [];
  const started = performance.now();
  for (const file of files) extractions.push(await extractFile(file.path, file.language, file.bytes, extractionLanguages));
  const ms = performance.now() - started;
  // Digested after the clock stops: the bench times extraction, not hashing.
  const hash = createHash('sha256');
  let rows = 0;
  for (const extraction of extractions) {
    hash.update(`${JSON.stringify(extraction)}\n`);
    rows += extraction.declarations.length + extraction.references.length + extraction.imports.length;
  }
  return { ms, digest: hash.digest('hex').slice(0, 16), rows };
});
