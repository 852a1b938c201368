/**
 * Runs the real codegraph CLI releases installed as dev dependencies
 * (`codegraph-099` = @colbymchenry/codegraph@0.9.9, `codegraph-080` = 0.8.0).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type CodegraphRelease = '0.9.9' | '0.8.0';

const ENTRY_POINTS: Record<CodegraphRelease, string> = {
  '0.9.9': path.join(REPO_ROOT, 'node_modules/codegraph-099/npm-shim.js'),
  '0.8.0': path.join(REPO_ROOT, 'node_modules/codegraph-080/dist/bin/codegraph.js'),
};

export function codegraphEntryPoint(release: CodegraphRelease): string {
  return ENTRY_POINTS[release];
}

/**
 * Why a release cannot run here, or null when it can. In CI the oracle must be there: a missing
 * CLI fails the run instead of quietly skipping the interop proof.
 */
export function codegraphMissing(release: CodegraphRelease): string | null {
  const entry = ENTRY_POINTS[release];
  if (fs.existsSync(entry)) return null;
  const reason = `codegraph ${release} is not installed (${entry} missing): run npm install`;
  if (process.env.CI) throw new Error(reason);
  return reason;
}

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function runCodegraph(release: CodegraphRelease, args: string[], cwd: string): CliResult {
  const result = spawnSync(process.execPath, [ENTRY_POINTS[release], ...args], {
    cwd,
    input: '', // never wait on a prompt
    encoding: 'utf8',
    timeout: 90_000,
    env: { ...process.env, CI: '1', NO_COLOR: '1', FORCE_COLOR: '0', CODEGRAPH_TELEMETRY: '0', DO_NOT_TRACK: '1' },
  });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Runs a command that prints JSON (`--json`) and parses its output. */
export function runCodegraphJson<T>(release: CodegraphRelease, args: string[], cwd: string): T {
  const result = runCodegraph(release, [...args, '--json'], cwd);
  if (result.status !== 0) {
    throw new Error(`codegraph ${release} ${args.join(' ')} exited ${result.status}: ${result.stderr || result.stdout}`);
  }
  const start = result.stdout.search(/[[{]/);
  if (start < 0) throw new Error(`codegraph ${release} ${args.join(' ')} printed no JSON: ${result.stdout}`);
  return JSON.parse(result.stdout.slice(start)) as T;
}

/** Indexes `projectDir` with the real CLI; returns the path of the database it wrote. */
export function indexWithCodegraph(release: CodegraphRelease, projectDir: string): string {
  // 0.9.9's init indexes by default; 0.8.0 needs -i.
  const args = release === '0.8.0' ? ['init', '-i', projectDir] : ['init', projectDir];
  const result = runCodegraph(release, args, projectDir);
  const dbPath = path.join(projectDir, '.codegraph', 'codegraph.db');
  if (result.status !== 0 || !fs.existsSync(dbPath)) {
    throw new Error(`codegraph ${release} init failed (${result.status}): ${result.stderr || result.stdout}`);
  }
  return dbPath;
}
