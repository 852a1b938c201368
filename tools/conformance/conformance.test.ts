import { spawnSync } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { differences, stableStringify } from './describe-reference.mjs';
import { describeSchema, normaliseSql, splitIndexDdl } from './describe-schema.mjs';

// One database exercising every shape the description distinguishes.
const DDL = `
  CREATE TABLE parent (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL DEFAULT 'x', score REAL);
  CREATE TABLE child (
    key TEXT, parent_id INTEGER NOT NULL REFERENCES parent(id) ON DELETE CASCADE,
    PRIMARY KEY (key, parent_id)
  ) WITHOUT ROWID;
  CREATE TABLE strict_one (n INTEGER) STRICT;
  CREATE INDEX idx_lower ON parent (lower(name) DESC, score);
  CREATE UNIQUE INDEX idx_partial ON parent (name) WHERE (score > 0) AND (name <> 'a,b');
  CREATE VIEW named AS SELECT   name FROM parent;
  CREATE VIRTUAL TABLE docs USING fts5(name, body UNINDEXED, content='parent', content_rowid='id');
  CREATE TRIGGER parent_ai AFTER INSERT ON parent BEGIN
    INSERT INTO docs(rowid, name) VALUES (NEW.id, NEW.name);
  END;
  CREATE TABLE schema_versions (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL, description TEXT);
  INSERT INTO schema_versions VALUES (1, 1000, 'first'), (2, 1.5, NULL);
  PRAGMA user_version = 7;
`;

describe('describeSchema', () => {
  let db: Database.Database;
  afterEach(() => db?.close());

  function describeDdl(ddl: string) {
    db = new Database(':memory:');
    db.exec(ddl);
    return describeSchema(db);
  }

  it('describes tables: kind, rowid, strictness, autoincrement, columns and foreign keys', () => {
    const schema = describeDdl(DDL);
    expect(schema.tables.parent).toMatchObject({ kind: 'table', withoutRowid: false, strict: false, autoincrement: true });
    expect(schema.tables.parent.columns[1]).toEqual({ name: 'name', type: 'TEXT', notnull: 1, dflt_value: "'x'", pk: 0, hidden: 0 });
    expect(schema.tables.child).toMatchObject({ withoutRowid: true });
    expect(schema.tables.child.foreignKeys).toEqual([
      { id: 0, seq: 0, table: 'parent', from: 'parent_id', to: 'id', on_update: 'NO ACTION', on_delete: 'CASCADE', match: 'NONE' },
    ]);
    expect(schema.tables.strict_one.strict).toBe(true);
    expect(schema.tables.docs.kind).toBe('virtual');
    expect(schema.tables.docs_config.kind).toBe('shadow');
  });

  it('describes expression, partial and implicit indexes', () => {
    const schema = describeDdl(DDL);
    expect(schema.indexes.idx_lower.columns).toEqual([
      { seqno: 0, name: null, expr: 'lower(name)', desc: 1, coll: 'BINARY' },
      { seqno: 1, name: 'score', expr: null, desc: 0, coll: 'BINARY' },
    ]);
    expect(schema.indexes.idx_partial).toMatchObject({ unique: 1, origin: 'c', partial: 1, where: "(score > 0) AND (name <> 'a,b')" });
    // The primary key of a WITHOUT ROWID table has no sqlite_master row but is still an index.
    expect(schema.indexes.sqlite_autoindex_child_1).toMatchObject({ table: 'child', unique: 1, origin: 'pk', where: null });
    expect(schema.indexes.sqlite_autoindex_child_1.columns.map((column) => column.name)).toEqual(['key', 'parent_id']);
  });

  it('describes views, triggers, FTS5 tables, schema_versions rows and pragmas', () => {
    const schema = describeDdl(DDL);
    expect(schema.views.named).toEqual({ sql: 'CREATE VIEW named AS SELECT name FROM parent' });
    expect(schema.triggers.parent_ai.table).toBe('parent');
    expect(schema.triggers.parent_ai.sql).toBe(normaliseSql(`CREATE TRIGGER parent_ai AFTER INSERT ON parent BEGIN
      INSERT INTO docs(rowid, name) VALUES (NEW.id, NEW.name); END`));
    expect(schema.virtualTables.docs).toEqual({
      module: 'fts5',
      columns: ['name', 'body UNINDEXED'],
      options: { content: 'parent', content_rowid: 'id' },
      config: [{ k: 'version', v: 4 }],
    });
    expect(schema.schemaVersions).toEqual([
      { version: 1, description: 'first', applied_at_type: 'integer' },
      { version: 2, description: null, applied_at_type: 'real' },
    ]);
    expect(schema.pragmas).toMatchObject({ user_version: 7, encoding: 'UTF-8', auto_vacuum: 0, application_id: 0 });
  });

  it('lists objects in code-point order and leaves out the optional ANALYZE tables', () => {
    const schema = describeDdl(`${DDL}; CREATE TABLE "Zed" (a); CREATE TABLE "alpha" (a); ANALYZE;`);
    const tables = schema.objects.filter((object) => object.type === 'table').map((object) => object.name);
    expect(tables).toEqual([...tables].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(tables.indexOf('Zed')).toBeLessThan(tables.indexOf('alpha'));
    expect(tables).not.toContain('sqlite_stat1');
    expect(schema.tables.sqlite_stat1).toBeUndefined();
  });

  it('tells apart schemas that differ only in a default or in column order', () => {
    const base = describeDdl('CREATE TABLE t (a TEXT DEFAULT NULL, b INTEGER)');
    db.close();
    const noDefault = describeDdl('CREATE TABLE t (a TEXT, b INTEGER)');
    db.close();
    const swapped = describeDdl('CREATE TABLE t (b INTEGER, a TEXT DEFAULT NULL)');
    expect(differences(base, noDefault)).toEqual(['tables.t.columns[0].dflt_value: "NULL" ≠ null']);
    expect(differences(base, swapped).length).toBeGreaterThan(0);
  });
});

describe('splitIndexDdl', () => {
  it('keeps a parenthesised WHERE clause out of the column list', () => {
    expect(splitIndexDdl('CREATE INDEX i ON t(a, coalesce(b, 0)) WHERE (a IS NOT NULL)')).toEqual({
      terms: ['a', 'coalesce(b, 0)'],
      where: '(a IS NOT NULL)',
    });
    expect(splitIndexDdl('CREATE INDEX "i(x)" ON "t"  ( a )')).toEqual({ terms: ['a'], where: null });
  });
});

describe('differences', () => {
  it('names the path of every difference, including missing keys and array lengths', () => {
    expect(differences({ a: 1, b: [1, 2] }, { a: 1, b: [1, 2] })).toEqual([]);
    expect(differences({ a: 1, b: [1, 2], c: 'x' }, { a: 2, b: [1], d: null })).toEqual([
      'a: 1 ≠ 2',
      'b[1]: 2 ≠ (absent)',
      'c: "x" ≠ (absent)',
      'd: (absent) ≠ null',
    ]);
  });
});

describe('stableStringify', () => {
  it('sorts keys at every depth, keeps array order, ends with a newline', () => {
    const text = stableStringify({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } });
    expect(text).toBe(`${JSON.stringify({ a: { c: null, d: [3, { y: 2, z: 1 }] }, b: 1 }, null, 2)}\n`);
    expect(stableStringify({ a: 1, b: 2 })).toBe(stableStringify({ b: 2, a: 1 }));
  });
});

describe('describe-reference.mjs command line', () => {
  it('rejects an unknown argument with a usage line and exit status 2', () => {
    const result = spawnSync(process.execPath, [path.join(import.meta.dirname, 'describe-reference.mjs'), '--bogus'], { encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/unknown argument --bogus\nusage: node tools\/conformance\/describe-reference\.mjs/);
  });
});
