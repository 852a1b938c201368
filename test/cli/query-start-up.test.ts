/**
 * What a query process loads: `arbor callers` as a whole process is mostly Node starting and loading
 * code, so the built-ins only other commands need (node:crypto for hashing, node:child_process for git,
 * node:v8 for the indexer's V8 tuning, node:os for the watcher; parseArgs for unusual command lines) must not
 * load for it. `arbor index` still tunes V8 (and so loads
 * node:v8). Read from process.moduleLoadList, Node's record of the built-ins it has loaded.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BIN = join(import.meta.dirname, '..', '..', 'packages', 'cli', 'bin', 'arbor.mjs');
let root = '';
let probe = '';

/** Runs arbor with a preload that prints, at exit, which of the watched built-ins were loaded. */
function loadedBuiltins(args: string[]): { status: number | null; loaded: string[]; stderr: string; stdout: string } {
  const result = spawnSync(process.execPath, ['--require', probe, BIN, ...args], { encoding: 'utf8', timeout: 60_000, cwd: root });
  const line = result.stderr.split('\n').find((l) => l.startsWith('LOADED '));
  return { status: result.status, loaded: line ? JSON.parse(line.slice('LOADED '.length)) : ['(no probe output)'], stderr: result.stderr, stdout: result.stdout };
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'arbor-start-up-'));
  writeFileSync(join(root, 'a.py'), 'def helper():\n    return 1\n\ndef main():\n    return helper()\n');
  // Enough declarations for an answer larger than a pipe's buffer (64 KiB), so a reader closing early is met mid-write.
  writeFileSync(join(root, 'items.py'), Array.from({ length: 2000 }, (_, i) => `def item_${i}():\n    pass\n`).join('\n'));
  probe = join(root, 'probe.cjs');
  writeFileSync(probe, [
    "const watched = ['crypto', 'child_process', 'v8', 'os', 'internal/util/parse_args/parse_args'];",
    "process.on('exit', () => {",
    "  const loaded = watched.filter((m) => process.moduleLoadList.includes(`NativeModule ${m}`));",
    "  process.stderr.write(`LOADED ${JSON.stringify(loaded)}\\n`);",
    '});',
    '',
  ].join('\n'));
  const run = spawnSync(process.execPath, [BIN, 'index', root, '--quiet'], { encoding: 'utf8', timeout: 120_000 });
  expect(run.status, run.stderr).toBe(0);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('what a query process loads', () => {
  it('answers callers without loading node:crypto, node:child_process, node:v8, node:os or parseArgs', () => {
    const run = loadedBuiltins(['callers', 'helper', '-p', root, '--json']);
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).hops.map((h: { node: { name: string } }) => h.node.name)).toEqual(['main']);
    expect(run.loaded).toEqual([]);
  });

  it('still loads node:v8 for an index run, which tunes V8', () => {
    const run = loadedBuiltins(['index', root, '--quiet']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.loaded).toContain('v8');
  });
});

describe('an answer into a reader that stops early', () => {
  it('ends quietly with exit 0 when the reader closes the pipe (`| head -c 1`)', () => {
    const whole = spawnSync(process.execPath, [BIN, 'search', 'item', '-p', root, '--json', '--limit', '0'], { encoding: 'utf8', timeout: 60_000 });
    expect(whole.stdout.length).toBeGreaterThan(256 * 1024);
    // pipefail: the exit status is arbor's, not head's.
    const run = spawnSync('bash', ['-o', 'pipefail', '-c', `"${process.execPath}" "${BIN}" search item -p "${root}" --json --limit 0 | head -c 1`], { encoding: 'utf8', timeout: 60_000 });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toBe('{');
    expect(run.stderr).toBe('');
  });
});
