// The Go oracle's Node side: finds a Go toolchain, hands the program in go-oracle.go the files, collects its sites.
// The analysis itself is go/types (one process for the whole repository; see go-oracle.go).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { walkFiles } from './walk.mjs';

export const GO_FILE = /\.go$/;
const PROGRAM = path.join(path.dirname(new URL(import.meta.url).pathname), 'go-oracle.go');
const SKIPPED_DIRS = new Set(['node_modules', '.git', '.codegraph', 'vendor', 'testdata']);

/** The `go` command to use, or null: `--go`, else $ARBOR_GO, else `go` on PATH. */
export function findGo(preferred) {
  const exe = preferred ?? process.env.ARBOR_GO ?? 'go';
  const res = spawnSync(exe, ['version'], { encoding: 'utf8' });
  if (res.status !== 0) return null;
  return { exe, version: res.stdout.trim().split(' ')[2] ?? 'unknown' };
}

/** Environment for running the oracle outside any module (the repository's go.mod may name a newer Go). */
function goEnv() {
  return { ...process.env, GO111MODULE: 'off', GOTOOLCHAIN: 'local', GOFLAGS: '' };
}

function walkGo(root) {
  return walkFiles(root, {
    enterDir: (name) => !SKIPPED_DIRS.has(name) && !name.startsWith('.') && !name.startsWith('_'),
    keepFile: (name) => GO_FILE.test(name),
  });
}

/**
 * Every call site of the repository's Go files (the graph's and any other under root) with go/types' answer.
 * @param {string} root absolute repo root
 * @param {{ graphFiles?: string[], go?: string }} opts
 */
export function collectGoSites(root, { graphFiles = [], go } = {}) {
  root = path.resolve(root);
  const toolchain = findGo(go);
  if (!toolchain) throw new Error('no Go toolchain found (apt-get install golang-go, or pass --go <exe>)');
  const files = [...new Set([...graphFiles.filter((f) => GO_FILE.test(f)), ...walkGo(root)])]
    .filter((f) => fs.existsSync(path.join(root, f))).sort();
  // Built once per run into a temporary folder, outside the repository and outside any module.
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-go-oracle-'));
  try {
    const binary = path.join(work, 'go-oracle');
    const build = spawnSync(toolchain.exe, ['build', '-o', binary, PROGRAM], { cwd: work, env: { ...goEnv(), GOCACHE: process.env.GOCACHE ?? path.join(os.tmpdir(), 'arbor-go-cache') }, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`go-oracle did not build: ${build.stderr}`);
    const res = spawnSync(binary, [], { cwd: work, input: JSON.stringify({ root, files }), encoding: 'utf8', maxBuffer: 1 << 30, env: goEnv() });
    if (res.status !== 0) throw new Error(`go oracle failed (exit ${res.status}): ${res.stderr ?? ''}`);
    const sites = []; const scannedFiles = []; const unresolved = new Map();
    let header = {}; let done = {};
    for (const line of res.stdout.split('\n')) {
      if (!line) continue;
      const msg = JSON.parse(line);
      if (msg.header) header = msg.header;
      else if (msg.done) done = msg.done;
      else {
        scannedFiles.push(msg.file);
        sites.push(...msg.sites);
        for (const [spec, n] of Object.entries(msg.unresolved)) unresolved.set(spec, (unresolved.get(spec) ?? 0) + n);
      }
    }
    return {
      sites,
      scannedFiles,
      unresolvedModules: [...unresolved].sort((a, b) => b[1] - a[1]).map(([specifier, imports]) => ({ specifier, imports })),
      goVersion: header.go ?? toolchain.version,
      modules: header.modules ?? [],
      oracleSeconds: done.seconds ?? null,
    };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
