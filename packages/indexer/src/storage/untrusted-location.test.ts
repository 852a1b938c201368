/**
 * `.codegraph/` comes from an untrusted checkout (issue 11, items 4, 11 and 22): symlinks there
 * must never make the writer create or change a file elsewhere, and its `.gitignore` must end
 * up ignoring the database whatever state a previous run left it in.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GITIGNORE_TEXT } from '../support/local-gitignore.js';
import { GraphWriteError } from './graph-write-error.js';
import { writeGraph } from './graph-writer.js';
import { fileNodeId } from './node-id.js';
import type { GraphToWrite } from './rows.js';

let base: string;
let root: string;
let outside: string;
let folder: string;
let dbPath: string;

beforeEach(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-location-'));
  root = path.join(base, 'repo');
  outside = path.join(base, 'outside');
  fs.mkdirSync(root);
  fs.mkdirSync(outside);
  folder = path.join(root, '.codegraph');
  dbPath = path.join(folder, 'codegraph.db');
});

afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

function graph(name: string): GraphToWrite {
  const file = `src/${name}.ts`;
  return {
    nodes: [{ id: fileNodeId(file), kind: 'file', name: `${name}.ts`, qualifiedName: file, filePath: file, language: 'typescript', startLine: 1, endLine: 1, startColumn: 0, endColumn: 0 }],
    edges: [],
    files: [{ path: file, contentHash: 'ab'.repeat(32), language: 'typescript', size: 1, modifiedAt: 1, indexedAt: 1, nodeCount: 1, errors: [] }],
    unresolved: [],
    metadata: {},
  };
}

function writeError(run: () => unknown): GraphWriteError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(GraphWriteError);
    return error as GraphWriteError;
  }
  throw new Error('expected a GraphWriteError');
}

function sqliteFile(file: string, value: string): Buffer {
  const db = new Database(file);
  db.exec('CREATE TABLE t (v TEXT)');
  db.prepare('INSERT INTO t VALUES (?)').run(value);
  db.close();
  return fs.readFileSync(file);
}

describe('writeGraph never writes through a symlink in .codegraph/ (item 4)', () => {
  it('refuses a .codegraph folder that is a symlink out of the root, and writes nothing there', () => {
    fs.symlinkSync('../outside', folder);
    const error = writeError(() => writeGraph(dbPath, graph('a')));
    expect(error.code).toBe('UNSAFE_PATH');
    expect(error.message).toMatch(/symlink/);
    expect(fs.readdirSync(outside)).toEqual([]);
  });

  it('replaces a dangling .gitignore symlink by a file of its own, creating nothing at the link target', () => {
    fs.mkdirSync(folder);
    const target = path.join(outside, 'created-by-link');
    fs.symlinkSync(target, path.join(folder, '.gitignore'));
    writeGraph(dbPath, graph('a'));
    expect(fs.existsSync(target)).toBe(false);
    expect(fs.lstatSync(path.join(folder, '.gitignore')).isFile()).toBe(true);
    expect(fs.readFileSync(path.join(folder, '.gitignore'), 'utf8')).toBe(GITIGNORE_TEXT);
  });

  it('replaces a .gitignore symlinked to an outside file without changing that file', () => {
    fs.mkdirSync(folder);
    const target = path.join(outside, 'notes.txt');
    fs.writeFileSync(target, 'keep me\n');
    fs.symlinkSync(target, path.join(folder, '.gitignore'));
    writeGraph(dbPath, graph('a'));
    expect(fs.readFileSync(target, 'utf8')).toBe('keep me\n');
    expect(fs.lstatSync(path.join(folder, '.gitignore')).isFile()).toBe(true);
  });

  it('refuses a database symlinked to another SQLite file and leaves that file byte-identical', () => {
    fs.mkdirSync(folder);
    const other = path.join(outside, 'app.db');
    const before = sqliteFile(other, 'precious');
    fs.symlinkSync(other, dbPath);
    const error = writeError(() => writeGraph(dbPath, graph('a')));
    expect(error.code).toBe('UNSAFE_PATH');
    expect(fs.readFileSync(other)).toEqual(before);
    expect(fs.readdirSync(outside)).toEqual(['app.db']);
    expect(fs.readdirSync(folder).filter((n) => n.includes('.tmp-'))).toEqual([]);
  });

  it('never opens a side file through a symlink: a committed -wal/-shm link leaves its target unchanged', () => {
    writeGraph(dbPath, graph('old'));
    const walTarget = path.join(outside, 'wal-target');
    const shmTarget = path.join(outside, 'shm-target');
    fs.writeFileSync(walTarget, 'not a wal\n');
    fs.writeFileSync(shmTarget, 'not shared memory\n');
    fs.symlinkSync(walTarget, `${dbPath}-wal`);
    fs.symlinkSync(shmTarget, `${dbPath}-shm`);
    writeGraph(dbPath, graph('new'));
    expect(fs.readFileSync(walTarget, 'utf8')).toBe('not a wal\n');
    expect(fs.readFileSync(shmTarget, 'utf8')).toBe('not shared memory\n');
    const db = new Database(dbPath, { readonly: true });
    expect(db.prepare('SELECT name FROM nodes').pluck().all()).toEqual(['new.ts']);
    db.close();
  });

  it('refuses a folder at the database path with a clear message (item 22)', () => {
    fs.mkdirSync(dbPath, { recursive: true });
    fs.writeFileSync(path.join(dbPath, 'inside'), 'x');
    const error = writeError(() => writeGraph(dbPath, graph('a')));
    expect(error.code).toBe('UNSAFE_PATH');
    expect(error.message).toMatch(/is a folder/);
    expect(fs.readFileSync(path.join(dbPath, 'inside'), 'utf8')).toBe('x');
  });
});

describe('.codegraph/.gitignore is written atomically and repaired (item 11)', () => {
  it('rewrites an empty .gitignore left by a run that died on a full disk', () => {
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, '.gitignore'), '');
    writeGraph(dbPath, graph('a'));
    expect(fs.readFileSync(path.join(folder, '.gitignore'), 'utf8')).toBe(GITIGNORE_TEXT);
  });

  it('rewrites one that does not ignore the database, keeps one that does', () => {
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, '.gitignore'), '# hand-written\ncache/\n');
    writeGraph(dbPath, graph('a'));
    expect(fs.readFileSync(path.join(folder, '.gitignore'), 'utf8')).toBe(GITIGNORE_TEXT);

    // codegraph 0.8.0's own file ignores `*.db`: that is right, and its owner's.
    const older = '# codegraph\n*.db\n*.db-wal\n*.db-shm\n';
    fs.writeFileSync(path.join(folder, '.gitignore'), older);
    writeGraph(dbPath, graph('b'));
    expect(fs.readFileSync(path.join(folder, '.gitignore'), 'utf8')).toBe(older);
  });

  it('leaves no temp file beside it, and leaves a folder named .gitignore alone', () => {
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, '.gitignore'), '');
    writeGraph(dbPath, graph('a'));
    expect(fs.readdirSync(folder).sort()).toEqual(['.gitignore', 'codegraph.db']);

    fs.rmSync(path.join(folder, '.gitignore'));
    fs.mkdirSync(path.join(folder, '.gitignore'));
    writeGraph(dbPath, graph('b'));
    expect(fs.readdirSync(folder).sort()).toEqual(['.gitignore', 'codegraph.db']);
  });
});
