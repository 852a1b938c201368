/**
 * Updates an existing graph in place to the rows of a new one, in ONE transaction: a cached
 * re-index changes a few rows of a graph of hundreds of thousands, and rebuilding the file (every
 * row, every index, the FTS index, ANALYZE, fsync) was most of what such a run cost.
 *
 * The new rows are checked and packed as a fresh build packs them (row-packing.ts) and loaded into
 * TEMP tables of the same shape; then each table of the graph is made equal to its TEMP twin by
 * deleting the rows the new graph lacks and inserting the rows the old one lacks (nodes and files
 * by key, edges and unresolved refs by every column but their surrogate id). The FTS index follows
 * through the schema's own triggers. What the old graph held therefore never decides what the new
 * one holds: any old content ends as the new rows, counted against the TEMP tables before commit.
 *
 * Why this is safe for readers and crashes: the graph is in WAL mode (graph-build.ts), so a reader
 * sees the graph as of the last commit, old or new, never a mix, and a process killed before the
 * commit leaves only uncommitted WAL frames, which SQLite ignores. After the commit the WAL is
 * checkpointed into the file, so the file alone is the graph again (a CI job copies just that).
 *
 * What differs from a fresh build is physical only: row ids of new rows (edges and unresolved refs
 * get the next free ids, nodes the next rowids, so the FTS index's segments differ), the planner
 * statistics (kept from the last full build), and free pages. Every row's content equals a fresh
 * build's; `updated_at`/`indexed_at`/metadata times are those of the run that last changed the row.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { PackedRowLoader, EDGE_COLUMNS, FILE_COLUMNS, NODE_COLUMNS, UNRESOLVED_COLUMNS } from './bulk-load.js';
import { asWriteError } from './graph-build.js';
import { buildSettings } from './graph-writer.js';
import { checkDatabasePath } from './database-location.js';
import { arborVersion, projectMetadataEntries, WRITTEN_BY } from './project-metadata.js';
import { removeLinkedSideFiles } from './replace-database.js';
import { RowPacker } from './row-packing.js';
import { V4_SCHEMA_VERSION, V4_TABLES_DDL, createV4Schema } from './schema-v4.js';
import type { GraphWriteSession } from './graph-write-contract.js';
import type { WriteGraphOptions, WriteGraphStats } from './graph-writer.js';
import type { EdgeRow, FileRow, NodeRow, UnresolvedRow } from './rows.js';

/** Rows the update deleted and inserted, per table. */
export interface InPlaceChanges {
  nodes: { deleted: number; inserted: number };
  edges: { deleted: number; inserted: number };
  files: { deleted: number; inserted: number };
  unresolved: { deleted: number; inserted: number };
  metadata: number;
}

export interface InPlaceOptions extends WriteGraphOptions {
  /** Called inside the transaction, after every change and before the commit (tests: a crash or failure there). */
  beforeCommit?: () => void;
}

/** The tables whose TEMP twins hold the new rows. */
const TEMP_TABLES = ['nodes', 'edges', 'files', 'unresolved_refs'] as const;

/**
 * Opens the graph at `dbPath` for an in-place update, or says why it cannot be updated in place
 * (then the caller builds a new file as a cold run does).
 */
export function openInPlaceUpdate(dbPath: string, options: InPlaceOptions = {}): InPlaceGraphUpdate | { refused: string } {
  const target = path.resolve(dbPath);
  let db: Database.Database | undefined;
  try {
    if (!fs.existsSync(target)) return { refused: 'no graph yet' };
    // The path may be a link into elsewhere, and side files are opened by name through links.
    checkDatabasePath(target);
    removeLinkedSideFiles(target);
    db = new Database(target, { fileMustExist: true, timeout: 5000 });
    const refused = whyNotUpdatable(db);
    if (refused) {
      db.close();
      return { refused };
    }
    return new InPlaceGraphUpdate(db, target, options);
  } catch (error) {
    try {
      db?.close();
    } catch { /* already failing */ }
    return { refused: `the graph cannot be opened (${error instanceof Error ? error.message : String(error)})` };
  }
}

/**
 * Only a graph this arbor version wrote, in WAL mode, with exactly the v4 schema (no extra
 * table, index or trigger a checkout could have planted) is updated in place.
 */
function whyNotUpdatable(db: Database.Database): string | undefined {
  const mode = String(db.pragma('journal_mode', { simple: true })).toLowerCase();
  if (mode !== 'wal') return `the graph is in ${mode} journal mode, not WAL`;
  if (schemaOf(db) !== expectedSchema()) return 'the graph\'s schema is not the v4 schema arbor writes';
  const version = db.prepare('SELECT MAX(version) FROM schema_versions').pluck().get();
  if (version !== V4_SCHEMA_VERSION) return `the graph is of schema v${String(version)}`;
  const stamp = (key: string) => db.prepare('SELECT value FROM project_metadata WHERE key = ?').pluck().get(key);
  if (stamp('written_by') !== WRITTEN_BY) return 'the graph was not written by arbor';
  const writtenWith = stamp('arbor_version');
  if (writtenWith !== arborVersion()) return `the graph was written by arbor ${String(writtenWith)}`;
  return undefined;
}

/** sqlite_master as text, planner statistics aside (they exist only once ANALYZE ran). */
function schemaOf(db: Database.Database): string {
  return JSON.stringify(db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT IN ('sqlite_stat1', 'sqlite_stat4') ORDER BY type, name").raw().all());
}

let expected: string | undefined;
function expectedSchema(): string {
  if (expected === undefined) {
    const db = new Database(':memory:');
    try {
      createV4Schema(db, 0);
      expected = schemaOf(db);
    } finally {
      db.close();
    }
  }
  return expected;
}

/** Whether two rows (aliases `m` and `t`) agree on `columns`; NULLs compare equal. */
function sameColumns(columns: readonly string[]): string {
  return columns.map((c) => `t.${c} IS m.${c}`).join(' AND ');
}

export class InPlaceGraphUpdate implements GraphWriteSession {
  private readonly started = performance.now();
  private readonly packer: RowPacker;
  private readonly loader: PackedRowLoader;
  private readonly now: number;
  private done = false;
  private declaredRows = false;

  constructor(private readonly db: Database.Database, private readonly target: string, private readonly options: InPlaceOptions) {
    this.packer = new RowPacker(target);
    this.now = buildSettings(options).now;
    try {
      // Endpoints are checked while packing (as for a fresh build); cascades would delete rows the diff keeps.
      db.pragma('foreign_keys = OFF');
      db.pragma('temp_store = MEMORY');
      // The commit is fsynced (the cold path fsyncs its file before the rename).
      db.pragma('synchronous = FULL');
      db.pragma('cache_size = -32768');
      for (const statement of V4_TABLES_DDL) {
        const table = /^CREATE TABLE (\w+)/.exec(statement)?.[1];
        if (table && (TEMP_TABLES as readonly string[]).includes(table)) db.exec(statement.replace('CREATE TABLE', 'CREATE TEMP TABLE'));
      }
      // The new rows go into TEMP tables; the graph itself is only read until `finish`.
      db.exec('BEGIN');
    } catch (error) {
      this.close();
      throw asWriteError(error, target);
    }
    this.loader = new PackedRowLoader(db, 'temp');
  }

  declared(nodes: NodeRow[], files: FileRow[]): void {
    const packedNodes = this.packer.nodes(nodes);
    const packedFiles = this.packer.files(files);
    this.step(() => {
      this.loader.nodes(packedNodes, this.now);
      this.loader.files(packedFiles);
      this.declaredRows = true;
    });
  }

  resolved(edges: EdgeRow[], unresolved: UnresolvedRow[]): void {
    if (!this.declaredRows) throw new Error('graph update: rows given before nodes and files were declared');
    const packedEdges = this.packer.edges(edges);
    const packedUnresolved = this.packer.unresolved(unresolved);
    this.step(() => {
      this.loader.edges(packedEdges);
      this.loader.unresolved(packedUnresolved);
    });
  }

  async finish(metadata: Record<string, string>): Promise<WriteGraphStats & { changes: InPlaceChanges }> {
    if (!this.declaredRows) throw new Error('graph update: finished before nodes and files were declared');
    let changes: InPlaceChanges | undefined;
    let metadataKeys = 0;
    this.step(() => {
      this.loader.finish();
      // The new rows are in; the graph's write lock is taken only now, and waits for another writer's commit.
      this.db.exec('COMMIT');
      this.db.exec('BEGIN IMMEDIATE');
      const entries = projectMetadataEntries(stringValues(metadata), buildSettings(this.options).arborVersion);
      metadataKeys = entries.length;
      changes = this.apply(entries);
      this.options.beforeCommit?.();
      this.db.exec('COMMIT');
    });
    this.done = true;
    try {
      // Fold the WAL into the file, so the file alone is the new graph (a reader's snapshot may hold part of it back).
      this.db.pragma('wal_checkpoint(TRUNCATE)');
    } catch { /* the graph is committed; the next opener checkpoints */ }
    this.close();
    return {
      ...this.packer.totals(), metadataKeys, replacedExisting: true, previousInUse: false,
      bytes: fs.statSync(this.target).size, durationMs: Math.round(performance.now() - this.started), changes: changes!,
    };
  }

  async abandon(): Promise<void> {
    if (this.done) return;
    this.done = true;
    this.close();
  }

  /** Makes every table of the graph equal to the new rows. */
  private apply(metadata: Array<[string, string]>): InPlaceChanges {
    const { db } = this;
    db.exec('CREATE INDEX temp.new_edges_source ON edges(source, kind)');
    db.exec('CREATE INDEX temp.new_unresolved_from ON unresolved_refs(from_node_id, reference_name)');
    const run = (sql: string) => db.prepare(sql).run().changes;
    const keyed = (table: string, key: string, columns: readonly string[], stamp: string) => {
      const compared = columns.filter((c) => c !== stamp);
      const deleted = run(`DELETE FROM main.${table} WHERE rowid IN (SELECT m.rowid FROM main.${table} m
        LEFT JOIN temp.${table} t ON t.${key} = m.${key} AND ${sameColumns(compared)} WHERE t.${key} IS NULL)`);
      const inserted = run(`INSERT INTO main.${table} (${columns.join(', ')}) SELECT ${columns.map((c) => `t.${c}`).join(', ')}
        FROM temp.${table} t WHERE NOT EXISTS (SELECT 1 FROM main.${table} m WHERE m.${key} = t.${key}) ORDER BY t.${key}`);
      return { deleted, inserted };
    };
    // Rows with a surrogate id are a multiset: a group of equal rows whose size differs goes whole, then
    // the new rows of every group the graph no longer holds go in, in the new graph's order.
    const counted = (table: string, lead: [string, string], columns: readonly string[]) => {
      const match = (a: string, b: string) => `${b}.${lead[0]} = ${a}.${lead[0]} AND ${b}.${lead[1]} = ${a}.${lead[1]} AND ${columns.map((c) => `${b}.${c} IS ${a}.${c}`).join(' AND ')}`;
      const deleted = run(`DELETE FROM main.${table} WHERE id IN (SELECT m.id FROM main.${table} m
        WHERE (SELECT count(*) FROM temp.${table} t WHERE ${match('m', 't')})
           <> (SELECT count(*) FROM main.${table} o WHERE ${match('m', 'o')}))`);
      const inserted = run(`INSERT INTO main.${table} (${columns.join(', ')}) SELECT ${columns.map((c) => `t.${c}`).join(', ')}
        FROM temp.${table} t WHERE NOT EXISTS (SELECT 1 FROM main.${table} m WHERE ${match('t', 'm')}) ORDER BY t.id`);
      return { deleted, inserted };
    };
    const changes: InPlaceChanges = {
      nodes: keyed('nodes', 'id', NODE_COLUMNS, 'updated_at'),
      files: keyed('files', 'path', FILE_COLUMNS, 'indexed_at'),
      edges: counted('edges', ['source', 'kind'], EDGE_COLUMNS),
      unresolved: counted('unresolved_refs', ['from_node_id', 'reference_name'], UNRESOLVED_COLUMNS),
      metadata: this.applyMetadata(metadata),
    };
    // What the old graph held cannot show through: each table now holds exactly the new rows.
    for (const table of TEMP_TABLES) {
      const have = db.prepare(`SELECT count(*) FROM main.${table}`).pluck().get();
      const want = db.prepare(`SELECT count(*) FROM temp.${table}`).pluck().get();
      if (have !== want) throw new InPlaceMismatchError(`${table}: ${String(have)} rows after the update, ${String(want)} in the new graph`);
    }
    for (const table of TEMP_TABLES) db.exec(`DROP TABLE temp.${table}`);
    return changes;
  }

  /** `project_metadata`: changed values get this run's time, keys gone go. */
  private applyMetadata(entries: Array<[string, string]>): number {
    const { db } = this;
    const old = new Map((db.prepare('SELECT key, value FROM main.project_metadata').raw().all() as Array<[string, string]>));
    const upsert = db.prepare('INSERT OR REPLACE INTO main.project_metadata (key, value, updated_at) VALUES (?, ?, ?)');
    const remove = db.prepare('DELETE FROM main.project_metadata WHERE key = ?');
    let changed = 0;
    const keys = new Set<string>();
    for (const [key, value] of entries) {
      keys.add(key);
      if (old.get(key) === value) continue;
      upsert.run(key, value, this.now);
      changed++;
    }
    for (const key of old.keys()) {
      if (keys.has(key)) continue;
      remove.run(key);
      changed++;
    }
    return changed;
  }

  /** Runs a database step; a failure rolls the transaction back (the previous graph stays) and says whose fault it was. */
  private step(run: () => void): void {
    if (this.done) throw new Error('graph update: already finished or abandoned');
    try {
      run();
    } catch (error) {
      this.done = true;
      this.close();
      if (error instanceof InPlaceMismatchError) throw error;
      throw asWriteError(error, this.target);
    }
  }

  private close(): void {
    try {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
    } catch { /* closing rolls back too */ }
    try {
      if (this.db.open) this.db.close();
    } catch { /* nothing left to release */ }
  }
}

/** The updated graph would not equal the new rows (never seen; the caller then builds a new file). */
export class InPlaceMismatchError extends Error {
  override readonly name = 'InPlaceMismatchError';
}

function stringValues(record: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(record)) out[key] = String(value);
  return out;
}
