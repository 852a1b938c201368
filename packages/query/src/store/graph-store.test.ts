import { mkdtempSync, readFileSync, rmSync, writeFileSync, truncateSync, statSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { QueryError } from '../errors.js';
import { openProject } from '../project.js';
import { id, sampleGraph } from '../test-support/sample-graph.js';
import { makeProject, V4_DDL } from '../test-support/v4-database.js';
import { GraphStore } from './graph-store.js';

const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));
function project(overrides: Parameters<typeof sampleGraph>[0] = {}) {
  const made = makeProject(sampleGraph(overrides));
  temps.push(made.root);
  return made;
}
function emptyDir() {
  const dir = mkdtempSync(join(tmpdir(), 'arbor-store-'));
  temps.push(dir);
  mkdirSync(join(dir, '.codegraph'));
  return { root: dir, dbPath: join(dir, '.codegraph', 'codegraph.db') };
}
function openError(dbPath: string, options = {}): QueryError {
  try {
    GraphStore.open(dbPath, options).close();
  } catch (error) {
    expect(error).toBeInstanceOf(QueryError);
    return error as QueryError;
  }
  throw new Error('expected the open to fail');
}

describe('GraphStore: schema detection', () => {
  it('reads a v4 database and reports its version and capabilities', () => {
    const { dbPath } = project();
    const store = GraphStore.open(dbPath);
    expect(store.schema.version).toBe(4);
    expect(store.schema.hasFts).toBe(true);
    expect(store.schema.hasUnresolvedRefs).toBe(true);
    expect(store.schema.extraTables).toEqual([]);
    expect(store.node(id.helper)?.qualifiedName).toBe('helper');
    store.close();
  });

  it('reads a v11-like database: extra columns, tables and indexes are ignored', () => {
    const { dbPath } = project({ v11: true, versions: [1, 4, 5, 6, 7, 8, 9, 10, 11] });
    const store = GraphStore.open(dbPath);
    expect(store.schema.version).toBe(11);
    expect(store.schema.extraTables).toEqual(['name_segment_vocab', 'synthesis_inputs']);
    expect(store.node(id.helper)?.name).toBe('helper');
    expect(store.files().map((f) => f.path)).toContain('src/b.ts');
    expect(store.unresolvedFrom([id.run]).map((r) => r.name)).toEqual(['load']);
    store.close();
  });

  it('refuses an unknown future schema with a one-line reason', () => {
    const { dbPath } = project({ versions: [1, 4, 12] });
    const error = openError(dbPath);
    expect(error.code).toBe('future-schema');
    expect(error.message).toMatch(/v12/);
    expect(error.message).not.toContain('\n');
  });

  it('reads a database without the optional objects (FTS, metadata, unresolved_refs)', () => {
    const { dbPath } = project({ withoutFts: true });
    const db = new Database(dbPath);
    db.exec('DROP TABLE project_metadata; DROP TABLE unresolved_refs;');
    db.close();
    const store = GraphStore.open(dbPath);
    expect(store.schema.hasFts).toBe(false);
    expect(store.metadata()).toEqual({});
    expect(store.unresolvedFrom([id.run])).toEqual([]);
    expect(store.fullText('"helper"*', 10)).toBeUndefined();
    expect(store.count('unresolved_refs')).toBe(0);
    store.close();
  });

  it('says "not a codegraph database" for other SQLite files, empty version tables and missing core columns', () => {
    const other = emptyDir();
    const db = new Database(other.dbPath);
    db.pragma('synchronous = OFF');
    db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)');
    db.close();
    expect(openError(other.dbPath).code).toBe('not-codegraph');

    const noVersion = emptyDir();
    const db2 = new Database(noVersion.dbPath);
    db2.pragma('synchronous = OFF');
    db2.exec(`BEGIN; ${V4_DDL}; COMMIT;`);
    db2.close();
    const e2 = openError(noVersion.dbPath);
    expect(e2.code).toBe('not-codegraph');
    expect(e2.message).toMatch(/no version/);

    const noColumn = emptyDir();
    const db3 = new Database(noColumn.dbPath);
    db3.pragma('synchronous = OFF');
    db3.exec(`CREATE TABLE schema_versions (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL, description TEXT);
      CREATE TABLE nodes (id TEXT PRIMARY KEY, kind TEXT, name TEXT, file_path TEXT, language TEXT, start_line INTEGER, end_line INTEGER);
      CREATE TABLE edges (source TEXT, target TEXT, kind TEXT);
      CREATE TABLE files (path TEXT, content_hash TEXT, language TEXT, size INTEGER, modified_at INTEGER);
      INSERT INTO schema_versions VALUES (4, 0, 'x');`);
    db3.close();
    const e3 = openError(noColumn.dbPath);
    expect(e3.code).toBe('not-codegraph');
    expect(e3.message).toMatch(/nodes lacks qualified_name/);
  });

  it('says so for a file that is not SQLite, an empty file and a missing file', () => {
    const text = emptyDir();
    writeFileSync(text.dbPath, 'hello, I am a text file pretending to be a database\n');
    expect(openError(text.dbPath).code).toBe('not-codegraph');
    const empty = emptyDir();
    writeFileSync(empty.dbPath, '');
    expect(openError(empty.dbPath).message).toMatch(/empty/);
    expect(openError(join(empty.root, 'nope.db')).code).toBe('no-index');
  });

  it('reports a damaged database as corrupt instead of throwing SQLite internals', () => {
    const { dbPath } = project({ journalMode: 'delete' });
    const size = statSync(dbPath).size;
    const bytes = readFileSync(dbPath);
    // Keep the header page, scribble over every page after it.
    for (let i = 4096; i < size; i++) bytes[i] = (i * 7919) & 0xff;
    writeFileSync(dbPath, bytes);
    let error: QueryError | undefined;
    try {
      const store = GraphStore.open(dbPath);
      store.files();
      store.close();
    } catch (e) {
      error = e as QueryError;
    }
    expect(error?.code).toMatch(/corrupt|not-codegraph/);
    expect(error?.message).not.toContain('\n');
  });

  it('reports a truncated database without a stack trace', () => {
    const { dbPath } = project({ journalMode: 'delete' });
    truncateSync(dbPath, 6000);
    let error: unknown;
    try {
      const store = GraphStore.open(dbPath);
      store.files();
      store.nodesByName('helper');
      store.close();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(QueryError);
    expect((error as QueryError).code).toMatch(/corrupt|not-codegraph/);
  });

  it('reports a database locked by a writer as locked', () => {
    const { dbPath } = project({ journalMode: 'delete' });
    const writer = new Database(dbPath);
    writer.exec('BEGIN EXCLUSIVE');
    try {
      const error = openError(dbPath, { busyTimeoutMs: 50 });
      expect(error.code).toBe('locked');
      expect(error.message).toMatch(/arbor index/);
    } finally {
      writer.exec('ROLLBACK');
      writer.close();
    }
  });

  it('never writes: the connection is read-only', () => {
    const { dbPath } = project();
    const store = GraphStore.open(dbPath);
    const db = (store as unknown as { db: Database.Database }).db;
    expect(db.readonly).toBe(true);
    expect(() => db.exec("INSERT INTO project_metadata VALUES ('x', 'y', 0)")).toThrow();
    store.close();
  });
});

describe('GraphStore: reads', () => {
  it('ignores edges to missing nodes and maps resolvedBy from metadata', () => {
    const { root } = project();
    const p = openProject({ path: root });
    const edges = p.store.edgesFrom([id.main], ['calls']);
    expect(edges.map((e) => String(e.resolvedBy)).sort()).toEqual(['import', 'import', 'instance-method', 'null']);
    // The dangling target exists as an edge row but has no node.
    expect(p.store.nodes(edges.map((e) => e.target)).has('function:does-not-exist')).toBe(false);
    p.close();
  });

  it('survives edge metadata that is not JSON, or JSON of the wrong shape', () => {
    const { root, dbPath } = project();
    const db = new Database(dbPath);
    db.prepare("UPDATE edges SET metadata = '{not json' WHERE source = ? AND kind = 'instantiates'").run(id.main);
    db.prepare(`UPDATE edges SET metadata = '{"resolvedBy": 7, "confidence": "high"}' WHERE source = ? AND target = ?`).run(id.greet, id.helper);
    db.close();
    const p = openProject({ path: root });
    const edges = p.store.edgesFrom([id.main, id.greet], ['instantiates', 'calls']);
    const broken = edges.find((e) => e.kind === 'instantiates')!;
    expect(broken).toMatchObject({ resolvedBy: null, confidence: null });
    const wrongShape = edges.find((e) => e.source === id.greet)!;
    expect(wrongShape).toMatchObject({ resolvedBy: null, confidence: null, provenance: 'heuristic' });
    p.close();
  });

  it('counts, languages and metadata', () => {
    const { root } = project();
    const p = openProject({ path: root });
    expect(p.store.filesByLanguage()).toEqual({ python: 1, typescript: 4 });
    expect(p.store.countBy('nodes', 'kind').method).toBe(2);
    expect(p.store.metadata().written_by).toBe('arbor');
    p.close();
  });

  it('openProject without an index fails with no-index naming arbor index', () => {
    const dir = mkdtempSync(join(tmpdir(), 'arbor-none-'));
    temps.push(dir);
    expect(() => openProject({ path: dir })).toThrow(/arbor index/);
  });
});

describe('GraphStore: lists do not depend on the order rows were stored in', () => {
  const handlers = [
    { kind: 'function', name: 'handle', qualifiedName: 'handle', file: 'src/b.ts', line: 5 },
    { kind: 'function', name: 'handle', qualifiedName: 'handle', file: 'src/a.ts', line: 9 },
    { kind: 'function', name: 'handle', qualifiedName: 'handle', file: 'src/c.ts', line: 1 },
    { kind: 'function', name: 'handle', qualifiedName: 'handle', file: 'src/a.ts', line: 2 },
  ];
  const files = ['src/a.ts', 'src/b.ts', 'src/c.ts'].map((path) => ({ path, content: '\n'.repeat(12) }));

  it('gives name matches, LIKE matches and full-text ties in source order, for any storage order', () => {
    const places = (nodes: Array<{ filePath: string; startLine: number }>) => nodes.map((n) => `${n.filePath}:${n.startLine}`);
    for (const stored of [handlers, [...handlers].reverse()]) {
      const made = makeProject({ files, nodes: stored });
      temps.push(made.root);
      const store = GraphStore.open(made.dbPath);
      try {
        expect(places(store.nodesByName('handle'))).toEqual(['src/a.ts:2', 'src/a.ts:9', 'src/b.ts:5', 'src/c.ts:1']);
        expect(places(store.nodesByQualifiedName('handle'))).toEqual(['src/a.ts:2', 'src/a.ts:9', 'src/b.ts:5', 'src/c.ts:1']);
        expect(places(store.nodesWithNameLike(['hand%'], 2))).toEqual(['src/a.ts:2', 'src/a.ts:9']);
        expect(places(store.fullText('handle', 3)!.map((hit) => hit.node))).toEqual(['src/a.ts:2', 'src/a.ts:9', 'src/b.ts:5']);
        expect(store.namesLike(['%and%'])).toEqual(['handle']);
        expect(store.namesLike(['%xyz%'])).toEqual([]);
        expect(places(store.nodesNamed(['handle', 'absent']))).toEqual(['src/a.ts:2', 'src/a.ts:9', 'src/b.ts:5', 'src/c.ts:1']);
        expect(store.nodesNamed(['handle'], ['function'])).toEqual([]);
      } finally {
        store.close();
      }
    }
  });
});
