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
import { passProcess, supportedFiles, timePasses } from './pass-script.mjs';

const { root, passes, extra, load, languages } = await passProcess('resolve-pass', ' [write]');
const withWrite = extra[0] === 'write';
const { extractFile } = await load('extraction/extract-file.js');
const { streamGraph } = await load('resolution/graph-builder.js');
const { resolutionLanguagesFor, extractionLanguages } = await languages();
const { startGraphWrite } = withWrite ? await load('storage/graph-write-session.js') : {};

const indexed = [];
for (const file of await supportedFiles(load, languages, root)) {
  const contentHash = createHash('sha256').update(file.bytes).digest('hex');
  indexed.push({ extraction: await extractFile(file.path, file.language, file.bytes, extractionLanguages), contentHash, size: file.bytes.length, modifiedAt: 0 });
}
indexed.sort((a, b) => (a.extraction.path < b.extraction.path ? -1 : a.extraction.path > b.extraction.path ? 1 : 0));
const extractions = new Map(indexed.map((f) => [f.extraction.path, f.extraction]));
const files = new Set(extractions.keys());
// Config files (tsconfig.json, package.json, pyproject.toml), read once each as an index run reads them
// (in full here: the bench trusts its own input).
const configTexts = new Map();
const workspace = {
  root,
  files,
  // What a source file says is in its extraction (a checkout built before this view had it never asks).
  extraction: (relative) => extractions.get(relative),
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

await timePasses('resolve-pass', passes, indexed.length, 'rows', async () => {
  const languages = await resolutionLanguagesFor(workspace, indexed.map((f) => f.extraction.language));
  let nodes = [];
  const portions = [];
  const scratch = withWrite ? fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-resolve-pass-')) : undefined;
  const database = scratch && path.join(scratch, 'codegraph.db');
  const started = performance.now();
  // Fixed timestamps, so that the same rows give the same database bytes.
  const writer = withWrite ? startGraphWrite(database, { now: 0, arborVersion: 'bench' }, false) : undefined;
  streamGraph(indexed, languages, {
    declared(declared, files) { nodes = [...declared]; writer?.declared(nodes, files); },
    resolved(edges, unresolved) { portions.push([edges, unresolved]); writer?.resolved(edges, unresolved); },
  }, 0);
  await writer?.finish({});
  const ms = performance.now() - started;
  // Digested after the clock stops: the bench times resolution, not hashing.
  const hash = createHash('sha256');
  let rows = nodes.length;
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
  return { ms, digest: hash.digest('hex').slice(0, 16), rows };
});
