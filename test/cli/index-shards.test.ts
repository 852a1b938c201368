/**
 * Shards on a CI matrix through the built binary: `--shard K/N --cache-dir D` reports its share and
 * writes no graph, a run over both shards' packs side by side takes every file from them, and a bad
 * `--shard` is a usage error (exit 2) naming the flag.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const BIN = join(import.meta.dirname, '..', '..', 'packages', 'cli', 'bin', 'arbor.mjs');
const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

function arbor(...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('arbor index --shard', () => {
  it('two shards then a merging run: every file from the shards\' packs, no graph from a shard', () => {
    const base = mkdtempSync(join(tmpdir(), 'arbor-cli-shards-'));
    temps.push(base);
    const root = join(base, 'repo');
    mkdirSync(join(root, 'pkg'), { recursive: true });
    writeFileSync(join(root, 'pkg', 'core.py'), 'def run():\n    return helper()\n\ndef helper():\n    return 1\n');
    writeFileSync(join(root, 'pkg', 'util.py'), 'def util():\n    return 2\n');
    writeFileSync(join(root, 'main.py'), 'from pkg.core import run\n\nrun()\n');
    writeFileSync(join(root, 'web.js'), 'function page() {\n  return 3;\n}\n');

    const merged = join(base, 'merged', 'packs');
    mkdirSync(merged, { recursive: true });
    let files = 0;
    for (const k of [1, 2]) {
      const job = join(base, `job-${k}`);
      const shard = arbor('index', root, '--shard', `${k}/2`, '--cache-dir', job, '--json');
      expect(shard.status, shard.stderr).toBe(0);
      const report = JSON.parse(shard.stdout);
      expect(report.shard).toMatchObject({ index: k, count: 2, totalFiles: 4 });
      expect(report.cache.extracted).toBe(report.shard.files);
      expect(shard.stderr).toContain(`shard ${k} of 2: ${report.shard.files} of 4 files`);
      files += report.shard.files;
      for (const pack of readdirSync(join(job, 'packs'))) copyFileSync(join(job, 'packs', pack), join(merged, pack));
    }
    expect(files).toBe(4);
    expect(existsSync(join(root, '.codegraph'))).toBe(false);

    const merge = arbor('index', root, '--cache-dir', join(base, 'merged'), '--json');
    expect(merge.status, merge.stderr).toBe(0);
    expect(JSON.parse(merge.stdout).cache).toMatchObject({ fromCache: 4, extracted: 0 });
    expect(merge.stderr).toContain('4 of 4 files from the cache, 0 parsed');
  });

  it('a bad --shard, or none of --cache-dir, is a usage error naming the flag', () => {
    for (const [args, message] of [
      [['--shard', 'two', '--cache-dir', 'd'], '--shard: expected K/N'],
      [['--shard', '3/2', '--cache-dir', 'd'], '--shard 3/2: K must be'],
      [['--shard', '1/2'], '--shard needs --cache-dir'],
    ] as const) {
      const result = arbor('index', '.', ...args);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain(message);
    }
  });
});
