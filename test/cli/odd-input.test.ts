/**
 * Right answers on odd input, through the built binary (issue 11, item 12): CR-only line
 * endings put declarations on their real lines in every language, a backslash in a file name
 * is part of the name (not a separator) for `files` and `affected`, and invalid UTF-8 is
 * reported at the line that holds it.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';

const BIN = join(import.meta.dirname, '..', '..', 'packages', 'cli', 'bin', 'arbor.mjs');
const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

function arbor(args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function indexed(files: Record<string, string | Buffer>): string {
  const root = mkdtempSync(join(tmpdir(), 'arbor-odd-input-'));
  temps.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const run = arbor(['index', root, '-q']);
  expect(run.status, run.stderr).toBe(0);
  return root;
}

function query<T>(root: string, sql: string): T[] {
  const db = new Database(join(root, '.codegraph', 'codegraph.db'), { readonly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

describe('CR-only line endings', () => {
  // Each file: a declaration on line 1, a blank line, one on line 3 spanning lines 3-5.
  const cr = (lines: string[]) => lines.join('\r');
  const files = {
    'src/a.ts': cr(['export function first() { return 1; }', '', 'export function third() {', '  return first();', '}', '']),
    'src/b.jsx': cr(['export function First() { return <div/>; }', '', 'export function Third() {', '  return <First/>;', '}', '']),
    'src/c.py': cr(['def first(): return 1', '', 'def third():', '    x = first()', '    return x', '']),
    'src/d.go': cr(['package d', '', 'func third() int {', '\treturn first()', '}', '', 'func first() int { return 1 }', '']),
    'src/E.java': cr(['class E {', '', '  int third() {', '    return first();', '  }', '  int first() { return 1; }', '}', '']),
  };

  it('puts every declaration on its own line, and explore shows that line', () => {
    const root = indexed(files);
    const rows = query<{ file_path: string; name: string; start_line: number; end_line: number }>(
      root,
      "SELECT file_path, name, start_line, end_line FROM nodes WHERE name IN ('first', 'third', 'First', 'Third') ORDER BY file_path, name",
    );
    expect(rows.map((r) => `${r.file_path} ${r.name} ${r.start_line}-${r.end_line}`)).toEqual([
      'src/E.java first 6-6',
      'src/E.java third 3-5',
      'src/a.ts first 1-1',
      'src/a.ts third 3-5',
      'src/b.jsx First 1-1',
      'src/b.jsx Third 3-5',
      'src/c.py first 1-1',
      'src/c.py third 3-5',
      'src/d.go first 7-7',
      'src/d.go third 3-5',
    ]);
    // The file node ends where the last line does.
    expect(query<{ end_line: number }>(root, "SELECT end_line FROM nodes WHERE kind = 'file' AND file_path = 'src/a.ts'")[0].end_line).toBe(6);
    const run = arbor(['explore', '-p', root, 'third']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/4 │ {3}return first\(\);/);
    expect(run.stdout).not.toMatch(/export function first\(\) \{ return 1; \}\s+export function third/);
  });
});

describe('a backslash in a file name', () => {
  it('is an ordinary character for files and affected (not a folder separator)', () => {
    const root = indexed({
      'src/back\\slash.ts': 'export function bs() { return 1; }\n',
      'src/back/slash.ts': 'export function other() { return 2; }\n',
      'tests/uses.test.ts': "import { bs } from '../src/back\\\\slash';\nbs();\n",
    });
    const listed = arbor(['files', '-p', root, '--json', 'src/back\\slash.ts']);
    expect(listed.status, listed.stderr).toBe(0);
    expect((JSON.parse(listed.stdout) as { files: Array<{ filePath: string }> }).files.map((f) => f.filePath)).toEqual(['src/back\\slash.ts']);

    const run = arbor(['affected', '-p', root, '--json', 'src/back\\slash.ts']);
    expect(run.status, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as { changedFiles: string[]; notIndexed: string[]; affectedTests: Array<{ filePath: string }> };
    expect(result.changedFiles).toEqual(['src/back\\slash.ts']);
    expect(result.notIndexed).toEqual([]);
    expect(result.affectedTests.map((t) => t.filePath)).toEqual(['tests/uses.test.ts']);
    // The file with a real folder is a different file, reaching no test.
    const other = JSON.parse(arbor(['affected', '-p', root, '--json', 'src/back/slash.ts']).stdout) as { affectedTests: unknown[] };
    expect(other.affectedTests).toEqual([]);
  });
});

describe('invalid UTF-8', () => {
  it('is a warning at the line and column of the first bad byte, and the file is still indexed', () => {
    const text = Buffer.concat([Buffer.from('export function a() {}\n\n\nconst s = "'), Buffer.from([0xff]), Buffer.from('";\nexport function b() {}\n')]);
    const root = indexed({ 'src/bad.ts': text });
    const [row] = query<{ errors: string }>(root, "SELECT errors FROM files WHERE path = 'src/bad.ts'");
    expect(JSON.parse(row.errors)).toEqual([expect.objectContaining({ code: 'invalid-utf8', severity: 'warning', line: 4, column: 11 })]);
    const names = query<{ name: string; start_line: number }>(root, "SELECT name, start_line FROM nodes WHERE kind = 'function' ORDER BY name");
    expect(names).toEqual([{ name: 'a', start_line: 1 }, { name: 'b', start_line: 5 }]);
  });
});
