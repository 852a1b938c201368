#!/usr/bin/env node
// One process of the resolve bench: extracts every file of <repo> in this thread with the indexer of
// <checkout>, then runs its resolution pass (streamGraph) <passes> times over those extractions and
// prints one JSON line: the first pass (its code not yet optimised, as in an index run), the fastest
// and the median pass, and a digest of every row resolution gives (nodes, edges, unresolved refs).
// With `write`, each pass also stores the graph as an index run does on its main thread (rows packed
// and inserted as resolution gives them, then indexes, FTS, ANALYZE, fsync and the move into place,
// in a fresh temp folder), and the digest also covers the database file's bytes.
//   node tools/bench/resolve-pass.mjs <checkout> <repo> <passes> [write]
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';

const [checkout, repo, passesArg, mode] = process.argv.slice(2);
const withWrite = mode === 'write';
const passes = Number.parseInt(passesArg, 10);
if (!checkout || !repo || !Number.isInteger(passes) || passes < 1) {
  process.stderr.write('usage: node tools/bench/resolve-pass.mjs <checkout> <repo> <passes>\n');
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
const { streamGraph } = await load('resolution/graph-builder.js');
const { resolutionLanguagesFor, isSupportedLanguage } = await load('languages/language-table.js');
const { startGraphWrite } = withWrite ? await load('storage/graph-write-session.js') : {};

const root = path.resolve(repo);
const discovery = await discoverFiles(root, { respectGitignore: true, exclude: [], maxFileSize: 1 << 20, sniffBinary: false });
const indexed = [];
for (const file of discovery.files) {
  if (!isSupportedLanguage(file.language)) continue;
  const bytes = fs.readFileSync(file.absolutePath);
  const contentHash = createHash('sha256').update(bytes).digest('hex');
  indexed.push({ extraction: await extractFile(file.path, file.language, bytes), contentHash, size: bytes.length, modifiedAt: 0 });
}
indexed.sort((a, b) => (a.extraction.path < b.extraction.path ? -1 : a.extraction.path > b.extraction.path ? 1 : 0));
const files = new Set(indexed.map((f) => f.extraction.path));
// Config files (tsconfig.json, package.json, pyproject.toml), read once each as an index run reads them
// (in full here: the bench trusts its own input).
const configTexts = new Map();
const workspace = {
  root,
  files,
  readText(relative) {
    if (!configTexts.has(relative)) {
      let text;
      try {
        text = fs.readFileSync(path.join(root, relative), 'utf8');
      } catch {
        text = undefined;
      }
      configTexts.set(relative, text);
    }
    return configTexts.get(relative);
  },
};

const times = [];
let digest = '';
let rows = 0;
for (let pass = 0; pass < passes; pass++) {
  const languages = await resolutionLanguagesFor(workspace, indexed.map((f) => f.extraction.language));
  let nodes = [];
  const portions = [];
  const scratch = withWrite ? fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-resolve-pass-')) : undefined;
  const database = scratch && path.join(scratch, 'codegraph.db');
  const started = performance.now();
  // Fixed timestamps, so that the same rows give the same database bytes.
  const writer = withWrite ? startGraphWrite(database, { now: 0, arborVersion: 'bench' }, false) : undefined;
  streamGraph(indexed, languages, {
    declared(declared, files) { nodes = declared; writer?.declared(declared, files); },
    resolved(edges, unresolved) { portions.push([edges, unresolved]); writer?.resolved(edges, unresolved); },
  }, 0);
  await writer?.finish({});
  times.push(performance.now() - started);
  // Digested after the clock stops: the bench times resolution, not hashing.
  const hash = createHash('sha256');
  rows = nodes.length;
  for (const n of nodes) hash.update(`${JSON.stringify(n)}\n`);
  for (const [edges, unresolved] of portions) {
    for (const e of edges) hash.update(`${JSON.stringify(e)}\n`);
    for (const u of unresolved) hash.update(`${JSON.stringify(u)}\n`);
    rows += edges.length + unresolved.length;
  }
  if (scratch) {
    hash.update(fs.readFileSync(database));
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  const passDigest = hash.digest('hex').slice(0, 16);
  if (digest && passDigest !== digest) {
    process.stderr.write(`resolve-pass: pass ${pass + 1} gave other rows than pass 1 (${passDigest} vs ${digest})\n`);
    process.exit(1);
  }
  digest = passDigest;
}
const sorted = [...times].sort((a, b) => a - b);
process.stdout.write(`${JSON.stringify({
  files: indexed.length, rows, digest,
  firstMs: Math.round(times[0]), minMs: Math.round(sorted[0]), medianMs: Math.round(sorted[Math.floor(sorted.length / 2)]),
})}\n`);
