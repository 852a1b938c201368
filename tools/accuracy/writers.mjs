// The graph writers the baselines compare (arbor, codegraph 1.6.1, codegraph 0.9.9): the command each
// indexes a folder with, and indexing a fresh copy of a repository with each, so no writer reads another's
// database. Shared by python-baseline.mjs and java-baseline.mjs.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readGraph } from './graph.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
export const WRITERS = ['arbor', 'codegraph-1.6.1', 'codegraph-0.9.9'];

/** The command that indexes `dir` with `writer`, or the reason it cannot run here. */
function indexCommand(writer, dir, { arbor, codegraph161 }) {
  if (writer === 'arbor') {
    const bin = path.resolve(arbor ?? path.join(ROOT, 'packages/cli/dist/bin.js'));
    return fs.existsSync(bin) ? [process.execPath, bin, 'index', dir, '--json'] : `${bin} missing (npm run build)`;
  }
  if (writer === 'codegraph-0.9.9') {
    const shim = path.join(ROOT, 'node_modules/codegraph-099/npm-shim.js');
    // 0.9.9's `index` refuses an uninitialised folder; `init` builds the full index.
    return fs.existsSync(shim) ? [process.execPath, shim, 'init', dir] : `${shim} missing (npm install)`;
  }
  // The devDependency codegraph-161 unless another build is named.
  const installed = path.join(ROOT, 'node_modules/codegraph-161/npm-shim.js');
  if (!codegraph161 && !fs.existsSync(installed)) return `${installed} missing (npm install), or pass --codegraph-1.6.1 <path>`;
  const exe = path.resolve(codegraph161 ?? installed);
  return [...(exe.endsWith('.js') ? [process.execPath, exe] : [exe]), 'init', '-y', dir];
}

/**
 * Each writer's graph of `repo` (read with graph.mjs, then `keepGraph` applied), or why it was skipped:
 * `{ writer, indexSeconds, graph }` or `{ writer, skipped }`. `tag` names the temporary copies.
 */
export function indexWithWriters(repo, writers, { arbor, codegraph161, keep = false, quiet = false, tag, keepGraph = (g) => g }) {
  const graphs = [];
  for (const writer of writers) {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), `arbor-${tag}-${writer}-`));
    try {
      fs.cpSync(repo, copy, { recursive: true, filter: (src) => !['.codegraph', '.git'].includes(path.basename(src)) || src === repo });
      const cmd = indexCommand(writer, copy, { arbor, codegraph161 });
      if (typeof cmd === 'string') { graphs.push({ writer, skipped: cmd }); continue; }
      const started = Date.now();
      const res = spawnSync(cmd[0], cmd.slice(1), { encoding: 'utf8', env: { ...process.env, CODEGRAPH_TELEMETRY: '0' }, maxBuffer: 1 << 28 });
      const db = path.join(copy, '.codegraph', 'codegraph.db');
      if (res.status !== 0 || !fs.existsSync(db)) {
        graphs.push({ writer, skipped: `indexing failed (exit ${res.status}): ${(res.stderr || res.stdout || '').trim().split('\n').slice(-3).join(' / ')}` });
        continue;
      }
      // A kept copy is handed back (its folder and database) for callers that read more than the judged edges.
      graphs.push({ writer, indexSeconds: (Date.now() - started) / 1000, graph: keepGraph(readGraph(db)), ...(keep ? { copy, dbPath: db } : {}) });
    } finally {
      if (!keep) fs.rmSync(copy, { recursive: true, force: true });
      else if (!quiet) process.stderr.write(`kept ${copy}\n`);
    }
  }
  return graphs;
}
