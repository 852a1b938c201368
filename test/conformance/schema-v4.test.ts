/**
 * The database arbor writes has the same schema, PRAGMA for PRAGMA, as the one the real
 * codegraph 0.9.9 CLI writes, and as the checked-in v4 reference (`v4-reference.json`, generated
 * from codegraph 0.8.0 and 0.9.9 by tools/conformance/describe-reference.mjs; its freshness is
 * checked in v4-reference.test.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeGraph } from '../../packages/indexer/src/storage/graph-writer.js';
import { DEFAULT_OUT as REFERENCE_PATH } from '../../tools/conformance/describe-reference.mjs';
import { describeSchema } from '../../tools/conformance/describe-schema.mjs';
import { codegraphMissing, indexWithCodegraph } from '../interop/codegraph-cli.js';
import { createTinyProject, makeTempDir, type TinyProject } from '../interop/tiny-project.js';

type SchemaDescription = ReturnType<typeof describeSchema>;

interface Reference {
  schemaVersion: number;
  schema: SchemaDescription;
}

const missing = codegraphMissing('0.9.9');
if (missing) console.warn(`[schema-v4] skipping the comparison with the real CLI: ${missing}`);

describe('schema v4 written by writeGraph', () => {
  let workDir: string;
  let project: TinyProject;
  let arborDbPath: string;
  let arbor: SchemaDescription;

  beforeAll(() => {
    workDir = makeTempDir('schema');
    project = createTinyProject(path.join(workDir, 'arbor-project'));
    arborDbPath = path.join(project.root, '.codegraph', 'codegraph.db');
    writeGraph(arborDbPath, project.graph());
    arbor = withDatabase(arborDbPath, describeSchema);
  });

  afterAll(() => {
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  describe.skipIf(missing !== null)('against codegraph 0.9.9 on a real project', () => {
    let cli: SchemaDescription;

    beforeAll(() => {
      const cliProject = createTinyProject(path.join(workDir, 'cli-project'));
      cli = withDatabase(indexWithCodegraph('0.9.9', cliProject.root), describeSchema);
    }, 120_000);

    it('has the same objects', () => {
      expect(arbor.objects).toEqual(cli.objects);
    });

    it('has the same tables, columns (type, notnull, default, pk) and foreign keys', () => {
      expect(Object.keys(arbor.tables).sort()).toEqual(Object.keys(cli.tables).sort());
      for (const name of Object.keys(cli.tables)) {
        expect(arbor.tables[name], name).toEqual(cli.tables[name]);
      }
    });

    it('has the same indexes (columns, expressions, uniqueness, origin)', () => {
      expect(arbor.indexes).toEqual(cli.indexes);
    });

    it('has the same FTS triggers, views and FTS table options', () => {
      expect(arbor.triggers).toEqual(cli.triggers);
      expect(arbor.views).toEqual(cli.views);
      expect(arbor.virtualTables).toEqual(cli.virtualTables);
    });

    it('has the same schema_versions rows and pragmas', () => {
      expect(arbor.schemaVersions).toEqual(cli.schemaVersions);
      expect(arbor.pragmas).toEqual(cli.pragmas);
    });
  });

  describe('against the checked-in v4 reference', () => {
    const reference = JSON.parse(fs.readFileSync(REFERENCE_PATH, 'utf8')) as Reference;

    it('has exactly the reference objects', () => {
      expect(arbor.objects).toEqual(reference.schema.objects);
    });

    it('matches every reference table, column and foreign key', () => {
      expect(Object.keys(arbor.tables).sort()).toEqual(Object.keys(reference.schema.tables).sort());
      for (const [name, table] of Object.entries(reference.schema.tables)) {
        expect(arbor.tables[name], name).toEqual(table);
      }
    });

    it('matches every reference index', () => {
      expect(arbor.indexes).toEqual(reference.schema.indexes);
    });

    it('matches the reference triggers, views and FTS table options', () => {
      expect(arbor.triggers).toEqual(reference.schema.triggers);
      expect(arbor.views).toEqual(reference.schema.views);
      expect(arbor.virtualTables).toEqual(reference.schema.virtualTables);
    });

    it('matches the reference schema_versions rows and pragmas', () => {
      expect(arbor.schemaVersions).toEqual(reference.schema.schemaVersions);
      expect(arbor.pragmas).toEqual(reference.schema.pragmas);
      expect(Math.max(...arbor.schemaVersions.map((row) => row.version))).toBe(reference.schemaVersion);
    });
  });

  describe('contents', () => {
    it('stamps schema_versions like the CLI: integers, version 1 at a whole second', () => {
      const rows = withDatabase(arborDbPath, (db) =>
        db.prepare('SELECT version, applied_at, typeof(applied_at) AS type FROM schema_versions ORDER BY version').all() as Array<{ version: number; applied_at: number; type: string }>);
      expect(rows.map((row) => row.type)).toEqual(['integer', 'integer']);
      expect(rows[0].applied_at % 1000).toBe(0);
      expect(rows[1].applied_at).toBeGreaterThanOrEqual(rows[0].applied_at);
    });

    it('finds a node by name through the FTS index (MATCH, not LIKE)', () => {
      withDatabase(arborDbPath, (db) => {
        const byName = db.prepare("SELECT id FROM nodes_fts WHERE nodes_fts MATCH 'name:helper'").all() as Array<{ id: string }>;
        expect(byName.map((row) => row.id)).toEqual([project.ids.helper]);
        const byDocstring = db.prepare("SELECT n.name FROM nodes_fts JOIN nodes n ON n.rowid = nodes_fts.rowid WHERE nodes_fts MATCH 'docstring:doubles'").all() as Array<{ name: string }>;
        expect(byDocstring.map((row) => row.name)).toEqual(['helper']);
        expect(() => db.prepare("INSERT INTO nodes_fts(nodes_fts, rank) VALUES('integrity-check', 1)").run()).not.toThrow();
      }, { readonly: false, copy: true });
    });

    it('keeps FTS in sync through the triggers on later updates', () => {
      withDatabase(arborDbPath, (db) => {
        db.prepare('UPDATE nodes SET name = ? WHERE id = ?').run('renamedHelper', project.ids.helper);
        const match = (term: string) => (db.prepare('SELECT id FROM nodes_fts WHERE nodes_fts MATCH ?').all(`name:${term}`) as Array<{ id: string }>).map((row) => row.id);
        expect(match('renamedHelper')).toEqual([project.ids.helper]);
        expect(match('helper')).toEqual([]);
        db.prepare('DELETE FROM nodes WHERE id = ?').run(project.ids.main);
        expect(match('main')).toEqual([]);
      }, { readonly: false, copy: true });
    });

    it('passes integrity and foreign key checks', () => {
      withDatabase(arborDbPath, (db) => {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(db.pragma('foreign_key_check')).toEqual([]);
      });
    });
  });
});

/** Opens a database (or a throwaway copy of it, for writes) and always closes it. */
function withDatabase<T>(dbPath: string, use: (db: Database.Database) => T, options: { readonly?: boolean; copy?: boolean } = {}): T {
  let target = dbPath;
  if (options.copy) {
    target = `${dbPath}.copy-${process.pid}-${Math.random().toString(16).slice(2)}`;
    fs.copyFileSync(dbPath, target);
  }
  const db = new Database(target, { readonly: options.readonly ?? !options.copy, fileMustExist: true });
  try {
    return use(db);
  } finally {
    db.close();
    if (options.copy) for (const suffix of ['', '-wal', '-shm']) fs.rmSync(target + suffix, { force: true });
  }
}
