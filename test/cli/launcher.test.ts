/**
 * The `arbor` launcher (packages/cli/bin/arbor.cjs, src/launch.ts): the bundle's compiled code kept
 * between processes, in a folder of this user's only, one file per command, never stale after a
 * rebuild; the ES module launcher still runs the same CLI.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import nodeModule from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { codeCacheFile, dropSuperseded, isPrivateFolder } from '../../packages/cli/src/launch.js';

const BIN_DIR = join(import.meta.dirname, '..', '..', 'packages', 'cli', 'bin');
const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));
const temp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'arbor-launch-'));
  temps.push(dir);
  return dir;
};
/** Node ≥ 22.1 keeps its own compile cache; the launcher's V8 code cache is Node 20's. */
const nodeHasCompileCache = typeof (nodeModule as { enableCompileCache?: unknown }).enableCompileCache === 'function';

function arbor(bin: string, cacheDir: string, ...args: string[]) {
  const env = { ...process.env, NODE_COMPILE_CACHE: cacheDir };
  delete env.NODE_DISABLE_COMPILE_CACHE;
  const result = spawnSync(process.execPath, [join(BIN_DIR, bin), ...args], { encoding: 'utf8', env });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the launcher', () => {
  it.skipIf(nodeHasCompileCache)('writes one code cache per command, then runs from it with the same answers', () => {
    const cache = join(temp(), 'cache');
    const first = arbor('arbor.cjs', cache, '--version');
    expect(first.status, first.stderr).toBe(0);
    expect(first.stderr).toBe('');
    const files = readdirSync(cache);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(new RegExp(`^arbor\\.cjs-${process.version.replace(/\./g, '\\.')}-${process.arch}-\\d+-\\d+-other\\.v8cache$`));
    expect(statSync(join(cache, files[0])).mode & 0o077).toBe(0);
    const second = arbor('arbor.cjs', cache, '--version');
    expect(second).toEqual(first);
    expect(readdirSync(cache)).toEqual(files);
    // Another command: its own cache (it compiles other functions).
    const help = arbor('arbor.cjs', cache, 'callers', '--help');
    expect(help.status, help.stderr).toBe(0);
    expect(readdirSync(cache).filter((f) => f.endsWith('-callers.v8cache'))).toHaveLength(1);
  });

  it('runs `arbor index` (which imports the indexer) from a cache as without one', () => {
    const cache = join(temp(), 'cache');
    const repo = temp();
    writeFileSync(join(repo, 'a.py'), 'def f():\n    pass\n\ndef g():\n    f()\n');
    const runs = [1, 2].map(() => arbor('arbor.cjs', cache, 'index', repo, '--json', '--quiet', '--no-cache'));
    for (const run of runs) {
      expect(run.status, run.stderr).toBe(0);
      // Nothing on stderr: no experimental-feature warning from the cached load.
      expect(run.stderr).toBe('');
    }
    const edges = (stdout: string) => (JSON.parse(stdout) as { edges: unknown }).edges;
    expect(edges(runs[1].stdout)).toEqual(edges(runs[0].stdout));
    const callers = arbor('arbor.mjs', cache, 'callers', 'f', '-p', repo, '--json');
    expect(callers.status, callers.stderr).toBe(0);
    expect(callers.stdout).toContain('"g"');
  });

  it('keys the cache by Node, the bundle and the command, and uses only a private folder', () => {
    const dir = temp();
    const bundle = join(dir, 'bundle.cjs');
    writeFileSync(bundle, '1;\n');
    const file = codeCacheFile(bundle, join(dir, 'cache'), 'callers')!;
    expect(file).toContain(`${process.version}-${process.arch}-3-`);
    expect(file.endsWith('-callers.v8cache')).toBe(true);
    expect(codeCacheFile(bundle, join(dir, 'cache'), '--json')!.endsWith('-other.v8cache')).toBe(true);
    // The bundle rebuilt (another size): another file.
    writeFileSync(bundle, '12;\n');
    expect(codeCacheFile(bundle, join(dir, 'cache'), 'callers')).not.toBe(file);
    // A folder others can write to is not used.
    const open = join(dir, 'open');
    mkdirSync(open);
    chmodSync(open, 0o777);
    if (process.getuid) expect(codeCacheFile(bundle, open, 'callers')).toBeUndefined();
    expect(codeCacheFile(join(dir, 'missing.cjs'), join(dir, 'cache'), 'callers')).toBeUndefined();
  });

  it("drops the caches a new one replaces (same bundle and command), and nothing else", () => {
    const dir = temp();
    const names = [
      'arbor.cjs-v20.1.0-x64-100-5-callers.v8cache', 'arbor.cjs-v20.2.0-x64-120-7-callers.v8cache',
      'arbor.cjs-v20.1.0-x64-100-5-index.v8cache', 'other.cjs-v20.1.0-x64-100-5-callers.v8cache', 'notes.txt',
    ];
    for (const name of names) writeFileSync(join(dir, name), '');
    dropSuperseded(join(dir, names[1]));
    expect(readdirSync(dir).sort()).toEqual([names[2], names[1], 'notes.txt', names[3]].sort());
  });

  it('trusts a folder only when this user owns it and nobody else can write to it', () => {
    const dir = { isDirectory: () => true };
    expect(isPrivateFolder({ ...dir, uid: 1000, mode: 0o40700 }, 1000)).toBe(true);
    expect(isPrivateFolder({ ...dir, uid: 1000, mode: 0o40755 }, 1000)).toBe(true);
    expect(isPrivateFolder({ ...dir, uid: 1001, mode: 0o40700 }, 1000)).toBe(false);
    expect(isPrivateFolder({ ...dir, uid: 1000, mode: 0o40775 }, 1000)).toBe(false);
    expect(isPrivateFolder({ ...dir, uid: 1000, mode: 0o41777 }, 1000)).toBe(false);
    expect(isPrivateFolder({ isDirectory: () => false, uid: 1000, mode: 0o40700 }, 1000)).toBe(false);
    expect(isPrivateFolder({ ...dir, uid: 0, mode: 0o40700 }, undefined)).toBe(true);
  });
});
