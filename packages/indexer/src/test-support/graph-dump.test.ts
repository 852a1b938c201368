/**
 * dumpGraphContent is what in-place updates are judged by: it must tell graphs whose content differs
 * apart (a row, an FTS index out of step with its nodes) and call graphs equal whose only difference
 * is physical (the ids rows were stored under).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { indexRepository } from '../pipeline/index-repository.js';
import { dumpGraph, dumpGraphContent } from './graph-dump.js';

let base: string;
let graph: string;

beforeAll(async () => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-dump-'));
  const root = path.join(base, 'repo');
  fs.mkdirSync(path.join(root, 'lib'), { recursive: true });
  fs.writeFileSync(path.join(root, 'lib/a.js'), 'function helper(x) {\n  return x;\n}\nfunction main() {\n  return helper(1) + helper(2);\n}\n');
  await indexRepository(root, { threads: 1, now: 1_700_000_000_000, cache: false, onNotice: () => {} });
  graph = path.join(root, '.codegraph', 'codegraph.db');
});

afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

/** A copy of the graph, changed by `sql`. */
function changed(sql: string): string {
  const copy = path.join(base, `copy-${Math.random().toString(36).slice(2)}.db`);
  fs.copyFileSync(graph, copy);
  const db = new Database(copy);
  try {
    // Deleting a node must not cascade to its edges here: only the rowid is to change.
    db.pragma('foreign_keys = OFF');
    db.exec(sql);
  } finally {
    db.close();
  }
  return copy;
}

it('calls graphs equal whose edges were stored under other ids', () => {
  const copy = changed(`
    CREATE TEMP TABLE moved AS SELECT source, target, kind, metadata, line, col, provenance FROM edges WHERE kind = 'calls';
    DELETE FROM edges WHERE kind = 'calls';
    INSERT INTO edges (source, target, kind, metadata, line, col, provenance) SELECT * FROM moved;`);
  expect(dumpGraph(copy)).not.toBe(dumpGraph(graph));
  expect(dumpGraphContent(copy)).toBe(dumpGraphContent(graph));
});

it('calls graphs equal whose nodes were stored under other rowids (the FTS index following them)', () => {
  const copy = changed(`
    CREATE TEMP TABLE moved AS SELECT * FROM nodes WHERE name = 'helper';
    DELETE FROM nodes WHERE name = 'helper';
    INSERT INTO nodes SELECT * FROM moved;`);
  expect(dumpGraph(copy)).not.toBe(dumpGraph(graph));
  expect(dumpGraphContent(copy)).toBe(dumpGraphContent(graph));
});

it('tells apart graphs that differ in one edge', () => {
  const copy = changed("UPDATE edges SET line = line + 1 WHERE kind = 'calls' AND id = (SELECT min(id) FROM edges WHERE kind = 'calls')");
  expect(dumpGraphContent(copy)).not.toBe(dumpGraphContent(graph));
});

it('tells apart graphs that differ in what the FTS index holds', () => {
  // The node's name changes under the index (the update trigger dropped): the index still holds the old name.
  const copy = changed("DROP TRIGGER nodes_au; UPDATE nodes SET name = 'renamed' WHERE name = 'helper'; CREATE TRIGGER nodes_au AFTER UPDATE ON nodes BEGIN SELECT 1; END");
  expect(() => dumpGraphContent(copy)).toThrow(/fts5|checksum|corrupt/i);
});
