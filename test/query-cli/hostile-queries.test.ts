/**
 * Bounded cost on hostile queries (issue 11): a 10,000-character search (item 15), globs with
 * repeated `**\/` and invalid globs in `files` and `--file` (item 16), a pathological `.gitignore` in the
 * walk that finds new files (item 19).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const BIN = join(import.meta.dirname, '..', '..', 'packages', 'cli', 'bin', 'arbor.mjs');
const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

function arbor(args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 120_000, maxBuffer: 256 * 1024 * 1024 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, signal: result.signal };
}

function indexedProject(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'arbor-hostile-query-'));
  temps.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const run = arbor(['index', root, '--quiet']);
  expect(run.status, run.stderr).toBe(0);
  return root;
}

describe('item 15: a 10,000-character search query', () => {
  it('answers in seconds over 2,000 declarations that all match (it took minutes)', () => {
    const files: Record<string, string> = {};
    for (let f = 0; f < 200; f++) {
      files[`src/f${f}.ts`] = Array.from({ length: 10 }, (_, k) => `export function alpha${f}_${k}() { return ${k}; }\n`).join('');
    }
    const root = indexedProject(files);
    const query = Array.from({ length: 1200 }, (_, i) => `alpha${i % 250}`).join(' ');
    expect(query.length).toBeGreaterThan(10_000);
    const started = Date.now();
    const run = arbor(['search', '-p', root, '--json', query]);
    const elapsed = Date.now() - started;
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).results.length).toBeGreaterThan(0);
    // Before the cap this took 23.6 s on a 2-core machine; after it, about 2 s.
    expect(elapsed).toBeLessThan(10_000);
  });
});

describe('item 16: globs in files and --file', () => {
  it('repeated **/ against deep paths answers in bounded time, in files and in --file', () => {
    const deep = `${'a/'.repeat(60)}c`;
    const root = indexedProject({ [`${deep}/x.ts`]: 'export function deepThing() { return 1; }\n', 'b.ts': 'export function other() {}\n' });
    const hostile = `${'a/**/'.repeat(40)}b`;
    const started = Date.now();
    const files = arbor(['files', '-p', root, '--json', hostile]);
    expect(files.status, files.stderr).toBe(0);
    expect((JSON.parse(files.stdout) as { files: unknown[] }).files).toEqual([]);
    const search = arbor(['search', '-p', root, '--json', '--file', `${'**/'.repeat(300)}x.ts`, 'deepThing']);
    expect(search.status, search.stderr).toBe(0);
    expect((JSON.parse(search.stdout) as { results: Array<{ node: { name: string } }> }).results.map((r) => r.node.name)).toEqual(['deepThing']);
    // A backtracking matcher took over 100 s here; the automaton answers at once.
    expect(Date.now() - started).toBeLessThan(20_000);
    // And it still matches what it should.
    const matching = arbor(['files', '-p', root, '--json', `${'a/**/'.repeat(40)}x.ts`]);
    expect((JSON.parse(matching.stdout) as { files: Array<{ filePath: string }> }).files.map((f) => f.filePath)).toEqual([`${deep}/x.ts`]);
  });

  it('an invalid glob is a usage error (exit 2, code invalid-glob) with a clear message, never an internal error', () => {
    const root = indexedProject({ 'src/a.ts': 'export function a() {}\n' });
    for (const args of [['files', 'src/[z-a].ts'], ['search', '--file', 'src/[z-a]*', 'a'], ['files', `${'*'.repeat(5000)}`]]) {
      const human = arbor([...args, '-p', root]);
      expect(human.status).toBe(2);
      expect(human.stderr).not.toMatch(/internal error/);
      expect(human.stderr).toMatch(/invalid glob .*z-a.*out of order|glob too long/);
      const json = arbor([...args, '-p', root, '--json']);
      expect(json.status).toBe(2);
      expect((JSON.parse(json.stderr) as { error: { code: string } }).error.code).toBe('invalid-glob');
    }
  });
});

describe('item 19: a pathological .gitignore in the queries that walk the tree (status, files)', () => {
  it('finds a new file under 30 folders at once and still honours the pattern', () => {
    const deep = 'a/'.repeat(30);
    const root = indexedProject({ [`${deep}old.ts`]: 'export function old() {}\n' });
    writeFileSync(join(root, '.gitignore'), `${'a/**/'.repeat(14)}b\n`);
    mkdirSync(join(root, deep, 'b'), { recursive: true });
    writeFileSync(join(root, deep, 'new.ts'), 'export function fresh() {}\n');
    writeFileSync(join(root, deep, 'b', 'hidden.ts'), 'export function hidden() {}\n');
    const started = Date.now();
    const run = arbor(['files', '-p', root, '--json']);
    expect(run.status, run.stderr).toBe(0);
    // The `ignore` package's regular expression took seconds of CPU per folder on this pattern.
    expect(Date.now() - started).toBeLessThan(15_000);
    expect((JSON.parse(run.stdout) as { added: string[] }).added).toEqual([`${deep}new.ts`]);
  });
});
