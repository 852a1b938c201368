import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GraphWriteError } from './graph-write-error.js';
import { writeGraph } from './graph-writer.js';
import { declarationNodeId, fileNodeId } from './node-id.js';
import { CODEGRAPH_COMPAT_STAMPS } from './project-metadata.js';
import type { EdgeRow, FileRow, GraphToWrite, NodeRow, UnresolvedRow } from './rows.js';

let dir: string;
let dbPath: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-writer-'));
  dbPath = path.join(dir, '.codegraph', 'codegraph.db');
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function fileNode(filePath: string): NodeRow {
  return {
    id: fileNodeId(filePath), kind: 'file', name: path.posix.basename(filePath), qualifiedName: filePath, filePath,
    language: 'typescript', startLine: 1, endLine: 10, startColumn: 0, endColumn: 0,
  };
}

function functionNode(filePath: string, name: string, line: number, extra: Partial<NodeRow> = {}): NodeRow {
  return {
    id: declarationNodeId(filePath, 'function', name, line), kind: 'function', name, qualifiedName: name, filePath,
    language: 'typescript', startLine: line, endLine: line + 2, startColumn: 0, endColumn: 1, ...extra,
  };
}

function fileRow(filePath: string, nodeCount: number, errors: FileRow['errors'] = []): FileRow {
  return { path: filePath, contentHash: 'ab'.repeat(32), language: 'typescript', size: 100, modifiedAt: 1_700_000_000_123.5, indexedAt: 1_700_000_001_000, nodeCount, errors };
}

/** A graph of `count` functions in one file, each calling the next. */
function chainGraph(label: string, count = 3): GraphToWrite {
  const file = `src/${label}.ts`;
  const functions = Array.from({ length: count }, (_, i) => functionNode(file, `${label}${i}`, i * 3 + 1));
  return {
    nodes: [fileNode(file), ...functions],
    edges: [
      ...functions.map((fn): EdgeRow => ({ source: fileNodeId(file), target: fn.id, kind: 'contains' })),
      ...functions.slice(1).map((fn, i): EdgeRow => ({ source: functions[i].id, target: fn.id, kind: 'calls', line: i * 3 + 2, col: 2 })),
    ],
    files: [fileRow(file, count + 1)],
    unresolved: [],
    metadata: {},
  };
}

function open(file = dbPath): Database.Database {
  return new Database(file, { readonly: true, fileMustExist: true });
}

function query<T>(sql: string, file = dbPath): T[] {
  const db = open(file);
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

function leftovers(): string[] {
  return fs.readdirSync(path.dirname(dbPath)).filter((name) => name.includes('.tmp-'));
}

function expectWriteError(run: () => unknown, code: GraphWriteError['code']): GraphWriteError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(GraphWriteError);
    expect((error as GraphWriteError).code).toBe(code);
    return error as GraphWriteError;
  }
  throw new Error(`expected a GraphWriteError ${code}`);
}

describe('writeGraph', () => {
  it('stores every column of every table', () => {
    const helper = functionNode('src/b.ts', 'helper', 2, {
      docstring: 'Doubles.', signature: '(n: number): number', visibility: 'public', isExported: true, isAsync: true,
      isStatic: false, isAbstract: true, decorators: ['@memo'], typeParameters: ['T'],
    });
    const main = functionNode('src/a.ts', 'main', 1);
    const unresolved: UnresolvedRow = {
      fromNodeId: main.id, referenceName: 'mystery', referenceKind: 'calls', line: 2, col: 4,
      candidates: ['x', 'y'], filePath: 'src/a.ts', language: 'typescript',
    };
    const stats = writeGraph(dbPath, {
      nodes: [fileNode('src/a.ts'), main, fileNode('src/b.ts'), helper],
      edges: [{ source: main.id, target: helper.id, kind: 'calls', line: 2, col: 9, metadata: { confidence: 1, resolvedBy: 'import' }, provenance: 'tree-sitter' }],
      files: [fileRow('src/a.ts', 2), fileRow('src/b.ts', 2, [{ message: 'Parse error', line: 3, severity: 'error', code: 'parse_error' }])],
      unresolved: [unresolved],
      metadata: { custom_key: 'custom value' },
    }, { now: 1_700_000_555_000 });

    expect(stats).toMatchObject({ nodes: 4, edges: 1, files: 2, unresolved: 1, edgesByKind: { calls: 1 }, replacedExisting: false });
    const [node] = query<Record<string, unknown>>(`SELECT * FROM nodes WHERE name = 'helper'`);
    expect(node).toEqual({
      id: helper.id, kind: 'function', name: 'helper', qualified_name: 'helper', file_path: 'src/b.ts', language: 'typescript',
      start_line: 2, end_line: 4, start_column: 0, end_column: 1, docstring: 'Doubles.', signature: '(n: number): number',
      visibility: 'public', is_exported: 1, is_async: 1, is_static: 0, is_abstract: 1, decorators: '["@memo"]',
      type_parameters: '["T"]', updated_at: 1_700_000_555_000,
    });
    const [fileA] = query<Record<string, unknown>>(`SELECT decorators, type_parameters, docstring FROM nodes WHERE id = '${fileNodeId('src/a.ts')}'`);
    expect(fileA).toEqual({ decorators: null, type_parameters: null, docstring: null });
    expect(query(`SELECT source, target, kind, metadata, line, col, provenance FROM edges`)).toEqual([
      { source: main.id, target: helper.id, kind: 'calls', metadata: '{"confidence":1,"resolvedBy":"import"}', line: 2, col: 9, provenance: 'tree-sitter' },
    ]);
    expect(query(`SELECT path, errors, modified_at FROM files ORDER BY path`)).toEqual([
      { path: 'src/a.ts', errors: null, modified_at: 1_700_000_000_123.5 },
      { path: 'src/b.ts', errors: '[{"message":"Parse error","line":3,"severity":"error","code":"parse_error"}]', modified_at: 1_700_000_000_123.5 },
    ]);
    expect(query(`SELECT from_node_id, reference_name, reference_kind, line, col, candidates, file_path, language FROM unresolved_refs`)).toEqual([
      { from_node_id: main.id, reference_name: 'mystery', reference_kind: 'calls', line: 2, col: 4, candidates: '["x","y"]', file_path: 'src/a.ts', language: 'typescript' },
    ]);
  });

  it('stamps project_metadata; keys passed in win', () => {
    const graph = chainGraph('a');
    writeGraph(dbPath, { ...graph, metadata: { index_state: 'partial', arbor_report: '{"ok":true}' } }, { arborVersion: '9.9.9', now: 42 });
    const rows = query<{ key: string; value: string; updated_at: number }>('SELECT key, value, updated_at FROM project_metadata');
    const metadata = Object.fromEntries(rows.map((row) => [row.key, row.value]));
    expect(metadata).toEqual({
      indexed_with_version: CODEGRAPH_COMPAT_STAMPS.indexed_with_version,
      indexed_with_extraction_version: CODEGRAPH_COMPAT_STAMPS.indexed_with_extraction_version,
      index_state: 'partial',
      arbor_version: '9.9.9',
      written_by: 'arbor',
      arbor_report: '{"ok":true}',
    });
    expect(new Set(rows.map((row) => row.updated_at))).toEqual(new Set([42]));
  });

  it('writes the .gitignore beside the database and leaves an existing one that ignores it alone', () => {
    writeGraph(dbPath, chainGraph('a'));
    expect(fs.readFileSync(path.join(dir, '.codegraph', '.gitignore'), 'utf8').split('\n')).toEqual(expect.arrayContaining(['*', '!.gitignore']));
    fs.writeFileSync(path.join(dir, '.codegraph', '.gitignore'), 'custom\n*\n');
    writeGraph(dbPath, chainGraph('b'));
    expect(fs.readFileSync(path.join(dir, '.codegraph', '.gitignore'), 'utf8')).toBe('custom\n*\n');
  });

  it('leaves a WAL-mode database and no temp or side files', () => {
    writeGraph(dbPath, chainGraph('a'));
    const header = fs.readFileSync(dbPath).subarray(0, 20);
    expect(header.subarray(0, 16).toString('latin1')).toBe('SQLite format 3\0');
    // Bytes 18/19 are the read/write format versions: 2 means WAL.
    expect([header[18], header[19]]).toEqual([2, 2]);
    expect(fs.readdirSync(path.dirname(dbPath)).sort()).toEqual(['.gitignore', 'codegraph.db']);
  });

  it('stores the real node count per file', () => {
    const graph = chainGraph('a', 3);
    const stats = writeGraph(dbPath, { ...graph, files: [{ ...fileRow('src/a.ts', 99) }, fileRow('src/empty.ts', 0)] });
    expect(stats.correctedNodeCounts).toBe(1);
    expect(query('SELECT path, node_count FROM files ORDER BY path')).toEqual([
      { path: 'src/a.ts', node_count: 4 },
      { path: 'src/empty.ts', node_count: 0 },
    ]);
  });
});

describe('writeGraph drops what would make a bad graph, and counts it', () => {
  it('drops duplicate edges (same source, target, kind, line, col) and keeps near-duplicates', () => {
    const graph = chainGraph('a', 2);
    const [f, g] = [...graph.nodes].slice(1) as NodeRow[];
    const call: EdgeRow = { source: f.id, target: g.id, kind: 'calls', line: 7, col: 3, metadata: { first: true } };
    const stats = writeGraph(dbPath, {
      ...graph,
      edges: [
        ...graph.edges,
        call,
        { ...call, metadata: { first: false } }, // same identity, other metadata: still a duplicate
        { ...call, col: 4 },
        { ...call, line: 8 },
        { ...call, kind: 'references' },
        { source: fileNodeId('src/a.ts'), target: f.id, kind: 'contains' }, // repeats a contains edge
      ],
    });
    expect(stats.duplicateEdges).toBe(2);
    expect(stats.edges).toBe(3 + 4); // chain edges + call, col 4, line 8, references
    expect(query(`SELECT metadata FROM edges WHERE line = 7 AND col = 3 AND kind = 'calls'`)).toEqual([{ metadata: '{"first":true}' }]);
    expect(query(`SELECT count(*) AS n FROM edges WHERE kind = 'contains'`)).toEqual([{ n: 2 }]);
  });

  it('drops edges and unresolved refs whose nodes are missing', () => {
    const graph = chainGraph('a', 2);
    const known = (graph.nodes as NodeRow[])[1].id;
    const stats = writeGraph(dbPath, {
      ...graph,
      edges: [
        ...graph.edges,
        { source: known, target: 'function:missing', kind: 'calls', line: 1, col: 1 },
        { source: 'function:missing', target: known, kind: 'calls', line: 1, col: 1 },
      ],
      unresolved: [
        { fromNodeId: 'function:gone', referenceName: 'x', referenceKind: 'calls', line: 1, col: 0, filePath: 'src/a.ts', language: 'typescript' },
        { fromNodeId: known, referenceName: 'y', referenceKind: 'calls', line: 1, col: 0, filePath: 'src/a.ts', language: 'typescript' },
      ],
    });
    expect(stats).toMatchObject({ danglingEdges: 2, danglingUnresolved: 1, unresolved: 1, edges: 3 });
    const db = open();
    try {
      expect(db.pragma('foreign_key_check')).toEqual([]);
    } finally {
      db.close();
    }
  });

  it('keeps the first of two nodes with the same id', () => {
    const graph = chainGraph('a', 1);
    const original = (graph.nodes as NodeRow[])[1];
    const stats = writeGraph(dbPath, { ...graph, nodes: [...graph.nodes, { ...original, signature: 'second' }] });
    expect(stats.duplicateNodes).toBe(1);
    expect(query(`SELECT signature FROM nodes WHERE id = '${original.id}'`)).toEqual([{ signature: null }]);
  });

  it('writes graphs larger than one insert batch completely', () => {
    const stats = writeGraph(dbPath, chainGraph('big', 1000));
    expect(stats).toMatchObject({ nodes: 1001, edges: 1000 + 999 });
    expect(query('SELECT (SELECT count(*) FROM nodes) AS nodes, (SELECT count(*) FROM edges) AS edges, (SELECT count(*) FROM nodes_fts) AS fts'))
      .toEqual([{ nodes: 1001, edges: 1999, fts: 1001 }]);
    expect(query(`SELECT name FROM nodes WHERE id IN (SELECT id FROM nodes_fts WHERE nodes_fts MATCH 'name:big777')`)).toEqual([{ name: 'big777' }]);
  });
});

describe('writeGraph replaces the database atomically', () => {
  function snapshot(): Buffer {
    return fs.readFileSync(dbPath);
  }

  function functionNames(): string[] {
    return query<{ name: string }>(`SELECT name FROM nodes WHERE kind = 'function' ORDER BY name`).map((row) => row.name);
  }

  it('replaces an existing graph', () => {
    writeGraph(dbPath, chainGraph('old'));
    const stats = writeGraph(dbPath, chainGraph('new'));
    expect(stats).toMatchObject({ replacedExisting: true, previousInUse: false });
    expect(fs.readdirSync(path.dirname(dbPath)).sort()).toEqual(['.gitignore', 'codegraph.db']);
    expect(functionNames()).toEqual(['new0', 'new1', 'new2']);
  });

  it('leaves the old database byte-identical when an input iterable throws half-way', () => {
    writeGraph(dbPath, chainGraph('old'));
    const before = snapshot();
    const good = chainGraph('new', 200);
    function* edgesThatFail(): Generator<EdgeRow> {
      let emitted = 0;
      for (const edge of good.edges) {
        if (emitted++ === 150) throw new Error('extractor crashed');
        yield edge;
      }
    }
    const error = expectWriteError(() => writeGraph(dbPath, { ...good, edges: edgesThatFail() }), 'INVALID_INPUT');
    expect(error.message).toContain('extractor crashed');
    expect(snapshot().equals(before)).toBe(true);
    expect(leftovers()).toEqual([]);
    expect(functionNames()).toEqual(['old0', 'old1', 'old2']);
  });

  it('leaves the old database intact when a row is invalid, and says which row', () => {
    writeGraph(dbPath, chainGraph('old'));
    const before = snapshot();
    const graph = chainGraph('new');
    const broken = { ...(graph.nodes as NodeRow[])[1], name: undefined } as unknown as NodeRow;
    const error = expectWriteError(() => writeGraph(dbPath, { ...graph, nodes: [...graph.nodes, { ...broken, id: 'function:broken' }] }), 'INVALID_INPUT');
    expect(error.message).toContain('function:broken');
    expect(snapshot().equals(before)).toBe(true);
    expect(leftovers()).toEqual([]);
  });

  it('replaces a database another connection holds open; both sides stay consistent', () => {
    writeGraph(dbPath, chainGraph('old'));
    // A long-lived writer in WAL mode with frames not yet checkpointed, and a reader.
    const oldWriter = new Database(dbPath);
    oldWriter.prepare(`UPDATE nodes SET signature = 'edited' WHERE name = 'old0'`).run();
    const oldReader = open();
    const readOld0 = oldReader.prepare(`SELECT signature FROM nodes WHERE name = 'old0'`);
    expect(readOld0.get()).toEqual({ signature: 'edited' });
    expect(fs.existsSync(`${dbPath}-wal`)).toBe(true);

    const stats = writeGraph(dbPath, chainGraph('new'));
    expect(stats.previousInUse).toBe(true);

    // The old connections keep seeing the old graph.
    expect(readOld0.get()).toEqual({ signature: 'edited' });
    // New connections see the new graph, and the old writer's WAL is not applied to it,
    // not even after the old connections close (which checkpoints and unlinks by path).
    expect(functionNames()).toEqual(['new0', 'new1', 'new2']);
    oldReader.close();
    oldWriter.close();
    const db = open();
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.prepare(`SELECT name FROM nodes WHERE kind = 'function' ORDER BY name`).all()).toEqual([{ name: 'new0' }, { name: 'new1' }, { name: 'new2' }]);
    } finally {
      db.close();
    }
  });

  it("refuses to replace a database in use when asked to, and leaves it alone", () => {
    writeGraph(dbPath, chainGraph('old'));
    const reader = open();
    reader.prepare('SELECT count(*) FROM nodes').get();
    try {
      expectWriteError(() => writeGraph(dbPath, chainGraph('new'), { ifInUse: 'fail' }), 'DATABASE_IN_USE');
    } finally {
      reader.close();
    }
    expect(functionNames()).toEqual(['old0', 'old1', 'old2']);
    expect(leftovers()).toEqual([]);
  });

  it('removes side files of the old database that would otherwise be applied to the new one', () => {
    writeGraph(dbPath, chainGraph('old'));
    // A -wal left by a crashed process, from the same old file.
    const crashed = new Database(dbPath);
    crashed.prepare(`UPDATE nodes SET name = 'from-stale-wal' WHERE name = 'old0'`).run();
    const staleWal = fs.readFileSync(`${dbPath}-wal`);
    crashed.close();
    fs.writeFileSync(`${dbPath}-wal`, staleWal);

    writeGraph(dbPath, chainGraph('new'));
    expect(functionNames()).toEqual(['new0', 'new1', 'new2']);
  });

  it('replaces a file that is not a database', () => {
    fs.mkdirSync(path.dirname(dbPath), { recursive: true });
    fs.writeFileSync(dbPath, 'not a database');
    fs.writeFileSync(`${dbPath}-journal`, 'garbage');
    const stats = writeGraph(dbPath, chainGraph('new'));
    expect(stats.replacedExisting).toBe(true);
    expect(functionNames()).toEqual(['new0', 'new1', 'new2']);
    expect(fs.existsSync(`${dbPath}-journal`)).toBe(false);
  });

  it('removes temp files abandoned by a dead writer', () => {
    fs.mkdirSync(path.dirname(dbPath), { recursive: true });
    const abandoned = `${dbPath}.tmp-999999999-abc123`;
    fs.writeFileSync(abandoned, 'half-written');
    // Old enough to be no writer's (abandoned-temp-files.test.ts covers the rest).
    fs.utimesSync(abandoned, new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000));
    writeGraph(dbPath, chainGraph('a'));
    expect(fs.existsSync(abandoned)).toBe(false);
  });
});

describe('writeGraph reports folders it cannot write to', () => {
  it('fails with DIRECTORY_UNWRITABLE when the folder is under a regular file', () => {
    const blocker = path.join(dir, 'blocker');
    fs.writeFileSync(blocker, 'a file, not a folder');
    const target = path.join(blocker, '.codegraph', 'codegraph.db');
    const error = expectWriteError(() => writeGraph(target, chainGraph('a')), 'DIRECTORY_UNWRITABLE');
    expect(error.dbPath).toBe(target);
    expect(fs.readFileSync(blocker, 'utf8')).toBe('a file, not a folder');
  });

  it.skipIf(process.getuid?.() === 0)('fails with DIRECTORY_UNWRITABLE on a read-only folder', () => {
    const folder = path.join(dir, '.codegraph');
    fs.mkdirSync(folder);
    fs.chmodSync(folder, 0o555);
    try {
      expectWriteError(() => writeGraph(path.join(folder, 'codegraph.db'), chainGraph('a')), 'DIRECTORY_UNWRITABLE');
      expect(fs.readdirSync(folder)).toEqual([]);
    } finally {
      fs.chmodSync(folder, 0o755);
    }
  });
});
