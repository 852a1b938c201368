/**
 * The extraction cache through the built binary: the flags are documented in `arbor index --help`,
 * the summary and the JSON report say how many files came from the cache, --no-cache and
 * --cache-dir do what they say (issue 9).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

describe('arbor index and its extraction cache', () => {
  it('documents --no-cache and --cache-dir', () => {
    const help = arbor('index', '--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('--no-cache');
    expect(help.stdout).toContain('--cache-dir');
  });

  it('reports the files taken from the cache, in the summary and in --json', () => {
    const base = mkdtempSync(join(tmpdir(), 'arbor-cli-cache-'));
    temps.push(base);
    const root = join(base, 'repo');
    mkdirSync(join(root, 'pkg'), { recursive: true });
    writeFileSync(join(root, 'pkg', 'core.py'), 'def run():\n    return helper()\n\ndef helper():\n    return 1\n');
    writeFileSync(join(root, 'main.py'), 'from pkg.core import run\n\nrun()\n');

    const cold = arbor('index', root, '--json');
    expect(cold.status, cold.stderr).toBe(0);
    expect(JSON.parse(cold.stdout).cache).toMatchObject({ used: true, fromCache: 0, extracted: 2 });
    expect(cold.stderr).toContain('0 of 2 files from the cache');
    expect(existsSync(join(root, '.codegraph', 'cache', 'packs'))).toBe(true);

    const warm = arbor('index', root, '--json');
    const report = JSON.parse(warm.stdout);
    expect(report.cache).toMatchObject({ used: true, fromCache: 2, extracted: 0 });
    expect(report.grammarsLoaded).toEqual(['python']);
    expect(report.edges.byKind.calls).toBe(2);
    expect(warm.stderr).toContain('2 of 2 files from the cache, 0 parsed');

    const forced = arbor('index', root, '--no-cache');
    expect(forced.stderr).toContain('cache    not used, 2 files parsed');

    const ci = join(base, 'ci-cache');
    const first = arbor('index', root, '--cache-dir', ci, '--json');
    expect(JSON.parse(first.stdout).cache).toMatchObject({ dir: ci, fromCache: 0 });
    const second = arbor('index', root, '--cache-dir', ci, '--json');
    expect(JSON.parse(second.stdout).cache).toMatchObject({ dir: ci, fromCache: 2 });
  });
});
