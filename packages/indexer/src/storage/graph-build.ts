/**
 * Builds a fresh codegraph v4 database in a temp file, in stages, so that a caller can hand the
 * rows over as they become known: every node and file first (they are known before resolution
 * starts), then edges and unresolved refs in portions, then the finishing touches. Rows come
 * packed and checked (row-packing.ts).
 *
 * Journaling is off, and each secondary index, the FTS table and its triggers are created once
 * their table is complete: the finished schema is identical to the CLI's, the build much faster.
 * The rows of one graph given in the same portions give the same bytes.
 */
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { GraphWriteError } from './graph-write-error.js';
import { projectMetadataEntries } from './project-metadata.js';
import { PackedRowLoader, type NodePortion, type RowSink } from './bulk-load.js';
import { BatchInsert } from './batch-insert.js';
import { DigestingSink, type GroupDigests } from './group-digests.js';
import type { PackedEdges, PackedFiles, PackedNodes, PackedUnresolved } from './row-packing.js';
import {
  V4_FTS_DDL, V4_FTS_TRIGGERS_DDL, V4_INDEXES_DDL, V4_TABLES_DDL, v4SchemaVersionValues,
} from './schema-v4.js';

export interface BuildSettings {
  /** Timestamp (ms) for `updated_at`, `applied_at` and metadata rows. */
  now: number;
  /** Sampled ANALYZE so readers' query planner has statistics (0.9.9 ships `sqlite_stat1` too). */
  analyze: boolean;
  /** Value of the `arbor_version` stamp. */
  arborVersion: string;
  /** Take each group's digest of the rows on their way in, for the next in-place update (group-digests.ts). */
  keepGroupDigests: boolean;
}

/** The secondary indexes of one table (each is built once its table is complete). */
function indexesOn(table: string): string[] {
  return V4_INDEXES_DDL.filter((statement) => statement.includes(` ON ${table}(`));
}

export class GraphBuild {
  private readonly db: Database.Database;
  private readonly loader: PackedRowLoader;
  private readonly digesting: DigestingSink[] = [];
  private declared = false;

  /** Creates the temp database (tables and version rows) and opens the transaction that the rows go in. */
  constructor(private readonly tempPath: string, target: string, private readonly settings: BuildSettings) {
    const db = openForBuild(tempPath, target);
    try {
      for (const statement of V4_TABLES_DDL) db.exec(statement);
      db.exec('BEGIN');
      const insertVersion = db.prepare('INSERT INTO schema_versions (version, applied_at, description) VALUES (?, ?, ?)');
      for (const row of v4SchemaVersionValues(settings.now)) insertVersion.run(...row);
    } catch (error) {
      db.close();
      throw error;
    }
    this.db = db;
    this.loader = new PackedRowLoader(db, (table, columns): RowSink => {
      const insert = new BatchInsert(db, table, columns);
      if (!settings.keepGroupDigests) return insert;
      const sink = new DigestingSink(insert, table, columns);
      this.digesting.push(sink);
      return sink;
    });
  }

  /** The next portion of every node, in id order (bulk-load.ts `nodePortions`), before `declare` without nodes. */
  addNodes(portion: NodePortion): void {
    if (this.declared) throw new Error('GraphBuild: nodes and files were already declared');
    this.loader.nodePortion(portion, this.settings.now);
  }

  /** Every node (absent: given by `addNodes`) and file of the graph, once, before any edge. */
  declare(nodes: PackedNodes | undefined, files: PackedFiles): void {
    if (this.declared) throw new Error('GraphBuild: nodes and files were already declared');
    this.declared = true;
    const { db } = this;
    if (nodes) this.loader.nodes(nodes, this.settings.now);
    else this.loader.nodesDone();
    for (const statement of indexesOn('nodes')) db.exec(statement);
    // The FTS index is filled from the finished table in one pass; its triggers serve later writers.
    db.exec(V4_FTS_DDL);
    for (const statement of V4_FTS_TRIGGERS_DDL) db.exec(statement);
    db.exec("INSERT INTO nodes_fts(nodes_fts) VALUES('rebuild')");
    this.loader.files(files);
    for (const statement of indexesOn('files')) db.exec(statement);
  }

  /** A portion of edges and unresolved refs, in the graph's order. */
  addResolved(edges: PackedEdges, unresolved: PackedUnresolved): void {
    if (!this.declared) throw new Error('GraphBuild: rows given before nodes and files were declared');
    this.loader.edges(edges);
    this.loader.unresolved(unresolved);
  }

  /** Stores the metadata, builds the remaining indexes, closes the database and fsyncs it. Returns how many metadata keys it stored. */
  finish(metadataRows: Record<string, string>): { metadataKeys: number; groupDigests?: GroupDigests } {
    if (!this.declared) throw new Error('GraphBuild: finished before nodes and files were declared');
    const { db } = this;
    const { now } = this.settings;
    this.loader.finish();
    const metadata = projectMetadataEntries(stringValues(metadataRows), this.settings.arborVersion);
    const insertMetadata = db.prepare('INSERT INTO project_metadata (key, value, updated_at) VALUES (?, ?, ?)');
    for (const [key, value] of metadata) insertMetadata.run(key, value, now);
    for (const statement of [...indexesOn('edges'), ...indexesOn('unresolved_refs')]) db.exec(statement);
    db.exec('COMMIT');
    if (this.settings.analyze) {
      db.pragma('analysis_limit = 1000');
      db.exec('ANALYZE');
    }
    // The CLI's journal mode; the header keeps it, so every later opener runs in WAL.
    db.pragma('journal_mode = WAL');
    db.close();
    fsyncFile(this.tempPath);
    if (!this.settings.keepGroupDigests) return { metadataKeys: metadata.length };
    const tables = ['nodes', 'files', 'edges', 'unresolved_refs'];
    const groupDigests: GroupDigests = new Map(tables.map((table) => [table, new Map<string, string>()]));
    for (const sink of this.digesting) groupDigests.set(sink.table, sink.digests());
    return { metadataKeys: metadata.length, groupDigests };
  }

  /** Closes the database after a failure (the caller removes the temp file). */
  abandon(): void {
    try {
      if (this.db.open) this.db.close();
    } catch { /* already failing */ }
  }
}

function openForBuild(tempPath: string, target: string): Database.Database {
  let db: Database.Database;
  try {
    db = new Database(tempPath);
  } catch (cause) {
    throw new GraphWriteError('DIRECTORY_UNWRITABLE', `cannot create ${tempPath}: ${messageOf(cause)}`, target, { cause });
  }
  db.pragma('page_size = 4096');
  // A temp file nobody else sees: no journal, no fsync per commit (the finished file is fsynced once).
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  // Held until close: the lock is how a later writer tells this file from an abandoned one.
  db.pragma('locking_mode = EXCLUSIVE');
  // Index builds sort every row of their table: in temp files (the OS's page cache) that sort's spill is no part
  // of the process's resident memory, as it is in MEMORY mode. The file's bytes are the same either way.
  db.pragma('temp_store = FILE');
  // 8 MiB: a bigger page cache only holds the whole file in memory (peak RSS) without making the load faster.
  db.pragma('cache_size = -8192');
  // Endpoints are checked in JS while inserting (and counted), so SQLite need not re-check.
  db.pragma('foreign_keys = OFF');
  return db;
}

function fsyncFile(file: string): void {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Turns any failure of a build into a GraphWriteError that says whose fault it was. */
export function asWriteError(error: unknown, target: string): GraphWriteError {
  if (error instanceof GraphWriteError) return error;
  if (error instanceof TypeError || error instanceof RangeError) {
    // better-sqlite3 rejects values it cannot bind this way: the caller's row is at fault.
    return new GraphWriteError('INVALID_INPUT', `a row could not be stored: ${messageOf(error)}`, target, { cause: error });
  }
  const code = (error as { code?: unknown }).code;
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS' || code === 'SQLITE_CANTOPEN' || code === 'SQLITE_READONLY') {
    return new GraphWriteError('DIRECTORY_UNWRITABLE', `cannot write the new graph beside ${target}: ${messageOf(error)}`, target, { cause: error });
  }
  return new GraphWriteError('DATABASE_ERROR', `building the new graph for ${target} failed: ${messageOf(error)}`, target, { cause: error });
}

function stringValues(record: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(record)) out[key] = String(value);
  return out;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
