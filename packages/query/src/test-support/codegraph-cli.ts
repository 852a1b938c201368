/**
 * Test helper: the real codegraph CLI (0.9.9, a dev dependency) indexing a temp copy of a
 * project, so the query layer can be checked against graphs another writer produced.
 */
import { execFile, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '..', '..', '..', '..');
const SHIM = join(REPO_ROOT, 'node_modules', 'codegraph-099', 'npm-shim.js');
/** Never let the shim fetch anything from the network during tests. */
const ENV = { ...process.env, CODEGRAPH_NO_DOWNLOAD: '1', NO_COLOR: '1', CI: '1' };

/** A temp copy of `source` (never index inside fixtures/). */
export function tempCopy(source: string, prefix = 'arbor-query-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(source, dir, { recursive: true, filter: (path) => !path.includes(`${join('/', '.codegraph')}`) });
  return dir;
}

/** `codegraph init <dir>` (builds the index); returns the database path. */
export function indexWithCodegraph(dir: string): string {
  execFileSync(process.execPath, [SHIM, 'init', dir], { env: ENV, stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });
  const dbPath = join(dir, '.codegraph', 'codegraph.db');
  if (!existsSync(dbPath)) throw new Error(`codegraph wrote no database in ${dir}`);
  return dbPath;
}

/** Runs a codegraph command and parses its --json output. */
export function codegraphJson<T>(args: string[]): Promise<T> {
  return new Promise((ok, fail) => {
    execFile(process.execPath, [SHIM, ...args, '--json'], { env: ENV, timeout: 60_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => {
      if (error) return fail(error);
      try {
        ok(JSON.parse(stdout) as T);
      } catch (parseError) {
        fail(new Error(`codegraph ${args.join(' ')} printed no JSON: ${String(parseError)}\n${stdout.slice(0, 500)}`));
      }
    });
  });
}
