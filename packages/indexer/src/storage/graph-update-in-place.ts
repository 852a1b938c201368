/**
 * Updates an existing graph in place to the rows of a new one, in ONE transaction: a cached
 * re-index changes a few rows of a graph of hundreds of thousands, and rebuilding the file (every
 * row, every index, the FTS index, ANALYZE, fsync) was most of what such a run cost.
 *
 * The new rows are checked and packed as a fresh build packs them (row-packing.ts) and turned into
 * the very values a fresh build stores (bulk-load.ts); each is compared with the rows the graph
 * holds, as one text per row (nodes and files by every column but the time they were written,
 * edges and unresolved refs by every column but their surrogate id). Old rows without a new twin are
 * deleted, new rows without an old twin inserted; the FTS index follows through the schema's own
 * triggers. What the old graph held therefore never decides what the new one holds: any old content
 * ends as the new rows, and each table's row count is checked against the new graph's before commit.
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
import { BatchInsert, type SqlValue } from './batch-insert.js';
import { PackedRowLoader, EDGE_COLUMNS, FILE_COLUMNS, NODE_COLUMNS, UNRESOLVED_COLUMNS, type RowSink } from './bulk-load.js';
import { asWriteError } from './graph-build.js';
import { buildSettings } from './graph-writer.js';
import { checkDatabasePath } from './database-location.js';
import { arborVersion, projectMetadataEntries, WRITTEN_BY } from './project-metadata.js';
import { removeLinkedSideFiles } from './replace-database.js';
import { RowPacker } from './row-packing.js';
import { V4_SCHEMA_VERSION, createV4Schema } from './schema-v4.js';
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

/** Row ids per statement when rows are deleted or copied by id. */
const BATCH = 10_000;

export class InPlaceGraphUpdate implements GraphWriteSession {
  private readonly started = performance.now();
  private readonly packer: RowPacker;
  private readonly loader: PackedRowLoader;
  private readonly now: number;
  /** Per table: the old rows not (yet) matched by a new one, and what changed. */
  private readonly diffs = new Map<string, RowDiff>();
  private done = false;
  private declaredRows = false;

  constructor(private readonly db: Database.Database, private readonly target: string, private readonly options: InPlaceOptions) {
    this.packer = new RowPacker(target);
    this.now = buildSettings(options).now;
    try {
      // Endpoints are checked while packing (as for a fresh build); cascades would delete rows the diff keeps.
      db.pragma('foreign_keys = OFF');
      // The commit is fsynced (the cold path fsyncs its file before the rename).
      db.pragma('synchronous = FULL');
      db.pragma('cache_size = -32768');
    } catch (error) {
      this.close();
      throw asWriteError(error, target);
    }
    this.loader = new PackedRowLoader(db, (table, columns) => this.diffFor(table, columns));
  }

  declared(nodes: NodeRow[], files: FileRow[]): void {
    const packedNodes = this.packer.nodes(nodes);
    const packedFiles = this.packer.files(files);
    this.step(() => {
      // The write lock from the first row on (readers go on reading the last committed graph).
      this.db.exec('BEGIN IMMEDIATE');
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
    const totals = this.packer.totals();
    this.step(() => {
      this.loader.finish();
      // A table no row of the new graph reached still has its old rows to delete.
      for (const [table, columns] of TABLE_COLUMNS) this.diffFor(table, columns).finish();
      const entries = projectMetadataEntries(stringValues(metadata), buildSettings(this.options).arborVersion);
      metadataKeys = entries.length;
      const changed = (table: string) => this.diffs.get(table)!.changes;
      changes = {
        nodes: changed('nodes'), files: changed('files'), edges: changed('edges'), unresolved: changed('unresolved_refs'),
        metadata: this.applyMetadata(entries),
      };
      // What the old graph held cannot show through: each table now holds exactly the new rows.
      const expected: Record<string, number> = { nodes: totals.nodes, files: totals.files, edges: totals.edges, unresolved_refs: totals.unresolved };
      for (const [table, want] of Object.entries(expected)) {
        const have = this.db.prepare(`SELECT count(*) FROM main.${table}`).pluck().get();
        if (have !== want) throw new InPlaceMismatchError(`${table}: ${String(have)} rows after the update, ${want} in the new graph`);
      }
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
      ...totals, metadataKeys, replacedExisting: true, previousInUse: false,
      bytes: fs.statSync(this.target).size, durationMs: Math.round(performance.now() - this.started), changes: changes!,
    };
  }

  async abandon(): Promise<void> {
    if (this.done) return;
    this.done = true;
    this.close();
  }

  private diffFor(table: string, columns: readonly string[]): RowDiff {
    let diff = this.diffs.get(table);
    if (!diff) {
      diff = new RowDiff(this.db, table, columns, STAMPS[table]);
      this.diffs.set(table, diff);
    }
    return diff;
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

/** The columns each table's rows come with, in the loader's order. */
const TABLE_COLUMNS: ReadonlyArray<[string, readonly string[]]> = [
  ['nodes', NODE_COLUMNS], ['files', FILE_COLUMNS], ['edges', EDGE_COLUMNS], ['unresolved_refs', UNRESOLVED_COLUMNS],
];
/** The column that says when a row was written: not compared (an unchanged row keeps its time). */
const STAMPS: Record<string, string | undefined> = { nodes: 'updated_at', files: 'indexed_at' };

/**
 * One table's difference, as the new rows come (a RowSink for the loader). The old rows are read
 * first, each as the text SQLite's json_array gives for its compared columns; a new row's values,
 * as JSON.stringify gives them, either match an old row not yet matched (kept as it is) or are new.
 * The encodings agree for every value arbor stores; where they might not (a string SQLite had to
 * repair), the row only counts as changed and is written again. New rows go in after the old rows
 * without a twin are deleted (a changed node keeps its id); for tables whose rows have no key of
 * their own (edges, unresolved refs) that is at once, in the new graph's order.
 */
class RowDiff implements RowSink {
  readonly values: SqlValue[] = [];
  readonly changes = { deleted: 0, inserted: 0 };
  private readonly old = new Map<string, number[]>();
  private readonly stampIndex: number;
  private readonly keyed: boolean;
  private readonly pending: SqlValue[][] = [];
  private readonly insert: BatchInsert;
  private finished = false;

  constructor(private readonly db: Database.Database, private readonly table: string, private readonly columns: readonly string[], stamp: string | undefined) {
    this.stampIndex = stamp === undefined ? -1 : columns.indexOf(stamp);
    this.keyed = table === 'nodes' || table === 'files';
    const compared = columns.filter((c) => c !== stamp);
    const rows = db.prepare(`SELECT rowid, json_array(${compared.join(', ')}) FROM main.${table}`).raw().iterate() as IterableIterator<[number, string]>;
    for (const [rowid, text] of rows) {
      const same = this.old.get(text);
      if (same) same.push(rowid);
      else this.old.set(text, [rowid]);
    }
    this.insert = new BatchInsert(db, `main.${table}`, columns);
  }

  endRow(): void {
    const { values } = this;
    const text = JSON.stringify(this.stampIndex < 0 ? values : values.filter((_, i) => i !== this.stampIndex));
    const same = this.old.get(text);
    if (same !== undefined) {
      if (same.length === 1) this.old.delete(text);
      else same.pop();
    } else if (this.keyed) this.pending.push(values.slice());
    else this.add(values);
    values.length = 0;
  }

  /** Deletes the old rows no new row matched, then inserts the new rows still waiting. */
  finish(): void {
    if (this.finished) return;
    this.finished = true;
    const gone: number[] = [];
    for (const rowids of this.old.values()) for (const rowid of rowids) gone.push(rowid);
    this.old.clear();
    const remove = this.db.prepare(`DELETE FROM main.${this.table} WHERE rowid IN (SELECT value FROM json_each(?))`);
    for (let i = 0; i < gone.length; i += BATCH) remove.run(JSON.stringify(gone.slice(i, i + BATCH)));
    this.changes.deleted = gone.length;
    for (const row of this.pending) this.add(row);
    this.pending.length = 0;
    this.insert.finish();
  }

  private add(row: SqlValue[]): void {
    for (const value of row) this.insert.values.push(value);
    this.insert.endRow();
    this.changes.inserted++;
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
