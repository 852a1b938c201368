/**
 * `arbor index` end to end, through the built binary: the report, exit codes, lazy grammar
 * loading, and bad input that must be recorded rather than crash the run.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';

const BIN = join(import.meta.dirname, '..', '..', 'packages', 'cli', 'bin', 'arbor.mjs');
const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

function project(files: Record<string, string | Buffer>): string {
  const root = mkdtempSync(join(tmpdir(), 'arbor-cli-'));
  temps.push(root);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

function arbor(...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the README set-up', () => {
  it('`npx arbor` runs the workspace binary after `npm install` (no registry lookup)', () => {
    const repo = join(import.meta.dirname, '..', '..');
    const result = spawnSync('npx', ['--no-install', 'arbor', '--version'], { cwd: repo, encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('arbor index', () => {
  it('writes a graph and a JSON report, loading only the grammars it needs', () => {
    const root = project({
      'pkg/__init__.py': 'from .core import run\n',
      'pkg/core.py': 'def run():\n    return helper()\n\ndef helper():\n    return 1\n',
      'main.py': 'from pkg import run\n\nrun()\n',
    });
    const result = arbor('index', root, '--json');
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.files.indexed).toBe(3);
    expect(report.grammarsLoaded).toEqual(['python']);
    expect(report.edges.byKind.calls).toBe(2);
    expect(report.unresolved_likely_internal_count).toBe(0);
    expect(result.stderr).toContain('indexed 3 files');

    const db = new Database(join(root, '.codegraph', 'codegraph.db'), { readonly: true });
    const calls = db
      .prepare(`SELECT s.name AS caller, t.name AS callee, t.file_path AS file, json_extract(e.metadata, '$.resolvedBy') AS how
                FROM edges e JOIN nodes s ON s.id = e.source JOIN nodes t ON t.id = e.target WHERE e.kind = 'calls' ORDER BY e.line`)
      .all();
    db.close();
    expect(calls).toEqual([
      { caller: 'run', callee: 'helper', file: 'pkg/core.py', how: 'same-file' },
      { caller: 'main.py', callee: 'run', file: 'pkg/core.py', how: 'import' },
    ]);
  });

  it('a Java-only repository loads only the Java grammar', () => {
    const root = project({
      'src/main/java/com/acme/Shop.java': 'package com.acme;\n\npublic class Shop {\n  public int total() { return Prices.of(2); }\n}\n',
      'src/main/java/com/acme/Prices.java': 'package com.acme;\n\nclass Prices {\n  static int of(int n) { return n; }\n}\n',
      'README.md': '# shop\n',
    });
    const result = arbor('index', root, '--json');
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.files.indexed).toBe(2);
    expect(report.grammarsLoaded).toEqual(['java']);
    expect(report.edges.byKind.calls).toBe(1);
  });

  it('affected finds Java tests by *Test.java, *Tests.java and src/test/, and no other file', () => {
    const root = project({
      'src/main/java/com/acme/Prices.java': 'package com.acme;\n\npublic class Prices {\n  public static int of(int n) { return n; }\n}\n',
      'src/main/java/com/acme/Shop.java': 'package com.acme;\n\npublic class Shop {\n  int total() { return Prices.of(2); }\n}\n',
      'src/test/java/com/acme/PricesTest.java': 'package com.acme;\n\nclass PricesTest {\n  void of() { Prices.of(1); }\n}\n',
      'src/test/java/com/acme/Samples.java': 'package com.acme;\n\nclass Samples {\n  static int one() { return Prices.of(1); }\n}\n',
      'it/com/acme/ShopTests.java': 'package com.acme;\n\nclass ShopTests {\n  void total() { new Shop().total(); }\n}\n',
    });
    expect(arbor('index', root, '-q').status).toBe(0);
    const result = arbor('affected', 'src/main/java/com/acme/Prices.java', '-p', root, '--json');
    expect(result.status, result.stderr).toBe(0);
    const tests = JSON.parse(result.stdout).affectedTests.map((t: { filePath: string }) => t.filePath).sort();
    expect(tests).toEqual(['it/com/acme/ShopTests.java', 'src/test/java/com/acme/PricesTest.java', 'src/test/java/com/acme/Samples.java']);
  });

  it('a Kotlin-only repository loads only the Kotlin grammar', () => {
    const root = project({
      'src/main/kotlin/com/acme/Shop.kt': 'package com.acme\n\nclass Shop {\n    fun total(): Int = Prices.of(2)\n}\n',
      'src/main/kotlin/pricing/Prices.kt': 'package com.acme\n\nobject Prices {\n    fun of(n: Int): Int = n\n}\n',
      'README.md': '# shop\n',
    });
    const result = arbor('index', root, '--json');
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.files.indexed).toBe(2);
    expect(report.grammarsLoaded).toEqual(['kotlin']);
    expect(report.edges.byKind.calls).toBe(1);
  });

  it('affected finds Kotlin tests by *Test.kt and src/test/, and no other file', () => {
    const root = project({
      'src/main/kotlin/com/acme/Prices.kt': 'package com.acme\n\nobject Prices {\n    fun of(n: Int): Int = n\n}\n',
      'src/main/kotlin/com/acme/Shop.kt': 'package com.acme\n\nclass Shop {\n    fun total(): Int = Prices.of(2)\n}\n',
      'src/test/kotlin/com/acme/PricesTest.kt': 'package com.acme\n\nclass PricesTest {\n    fun of() { Prices.of(1) }\n}\n',
      'src/test/kotlin/com/acme/Samples.kt': 'package com.acme\n\nfun one(): Int = Prices.of(1)\n',
      'it/ShopTest.kt': 'package com.acme\n\nclass ShopTest {\n    fun total() { Shop().total() }\n}\n',
    });
    expect(arbor('index', root, '-q').status).toBe(0);
    const result = arbor('affected', 'src/main/kotlin/com/acme/Prices.kt', '-p', root, '--json');
    expect(result.status, result.stderr).toBe(0);
    const tests = JSON.parse(result.stdout).affectedTests.map((t: { filePath: string }) => t.filePath).sort();
    expect(tests).toEqual(['it/ShopTest.kt', 'src/test/kotlin/com/acme/PricesTest.kt', 'src/test/kotlin/com/acme/Samples.kt']);
  });

  it('a Go-only repository loads only the Go grammar', () => {
    const root = project({
      'go.mod': 'module example.com/shop\n\ngo 1.21\n',
      'shop.go': 'package shop\n\ntype Shop struct{}\n\nfunc (s *Shop) Total() int { return price(2) }\n',
      'prices.go': 'package shop\n\nfunc price(n int) int { return n }\n',
      'cmd/app/main.go': 'package main\n\nimport "example.com/shop"\n\nfunc main() {\n\ts := &shop.Shop{}\n\ts.Total()\n}\n',
      'README.md': '# shop\n',
    });
    const result = arbor('index', root, '--json');
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.files.indexed).toBe(3);
    expect(report.grammarsLoaded).toEqual(['go']);
    // price() in another file of the package; s.Total() through the import.
    expect(report.edges.byKind.calls).toBe(2);
  });

  it('records bad input and still indexes everything else', () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const root = project({
      'good.ts': 'export function ok() { return 1 }\n',
      'broken.ts': 'export function before() {}\nfunction (( {\nexport function after() { return before() }\n',
      'latin1.ts': Buffer.concat([Buffer.from('export const s = "'), Buffer.from([0xe9, 0xff]), Buffer.from('";\nexport function stillHere() {}\n')]),
      'binary.ts': Buffer.from([0x00, 0x01, 0x02, 0x00, 0x41]),
      'deep.js': `const x = ${deep};\nfunction afterDeep() {}\n`,
      '.env': 'SECRET=1\n',
    });
    const result = arbor('index', root, '--json');
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.files.indexed).toBe(4);
    expect(report.files.skipped.binary).toBe(1);
    expect(report.files.skippedFiles).toEqual(expect.arrayContaining([{ path: '.env', reason: 'secret' }, { path: 'binary.ts', reason: 'binary' }]));
    expect(report.filesWithParseErrors).toContain('broken.ts');

    const db = new Database(join(root, '.codegraph', 'codegraph.db'), { readonly: true });
    const names = (db.prepare(`SELECT name FROM nodes WHERE kind = 'function'`).all() as Array<{ name: string }>).map((r) => r.name);
    const latin1Errors = (db.prepare(`SELECT errors FROM files WHERE path = 'latin1.ts'`).get() as { errors: string }).errors;
    db.close();
    expect(names).toEqual(expect.arrayContaining(['ok', 'before', 'after', 'stillHere', 'afterDeep']));
    expect(latin1Errors).toContain('invalid-utf8');
  });

  it('fails with one clear line and exit 1 when the root is missing', () => {
    const result = arbor('index', join(tmpdir(), 'arbor-no-such-folder-0f3a'));
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/does not exist/);
  });

  it('fails with a clear message when the database folder cannot be written', () => {
    const root = project({ 'a.ts': 'export const a = 1;\n' });
    // A file where the .codegraph folder should be makes the database unwritable, even for root.
    writeFileSync(join(root, '.codegraph'), 'not a folder');
    const result = arbor('index', root);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/arbor index: .*codegraph/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('rejects a bad --max-file-size with a usage message', () => {
    const root = project({ 'a.ts': 'export const a = 1;\n' });
    const result = arbor('index', root, '--max-file-size', 'lots');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('--max-file-size');
    expect(existsSync(join(root, '.codegraph', 'codegraph.db'))).toBe(false);
  });

  it('honours --exclude and --max-file-size', () => {
    const root = project({
      'src/a.ts': 'export function a() {}\n',
      'src/gen/big.ts': `export const big = "${'x'.repeat(3000)}";\n`,
      'scripts/tool.ts': 'export function tool() {}\n',
    });
    const result = arbor('index', root, '--json', '--exclude', 'scripts/', '--max-file-size', '2KiB');
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.files.indexed).toBe(1);
    expect(report.files.skipped['too-large']).toBe(1);
  });

  it('keeps going when a sub-folder is unreadable', () => {
    const root = project({ 'ok.ts': 'export function ok() {}\n', 'locked/secret.ts': 'export function hidden() {}\n' });
    chmodSync(join(root, 'locked'), 0o000);
    try {
      const result = arbor('index', root, '--json');
      expect(result.status, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout).files.indexed).toBeGreaterThanOrEqual(1);
    } finally {
      chmodSync(join(root, 'locked'), 0o755);
    }
  });
});
