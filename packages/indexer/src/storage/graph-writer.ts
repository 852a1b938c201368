/**
 * Writes a whole graph as a fresh codegraph v4 database and swaps it in atomically.
 *
 * The new file is built beside the target (`codegraph.db.tmp-<pid>-<random>`) with journaling
 * off and secondary indexes, FTS triggers and the FTS index created only after the bulk
 * insert: the finished schema is identical to the CLI's, the build is much faster. Until the
 * final rename nothing touches the live database, so a crash or a throwing input leaves the
 * previous graph intact (at worst a stray temp file, removed by a later write: abandoned-temp-files.ts).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { GraphWriteError } from './graph-write-error.js';
import { arborVersion, projectMetadataEntries } from './project-metadata.js';
import { DatabaseInUseError, removeSideFiles, replaceDatabaseFile } from './replace-database.js';
import { checkDatabasePath, prepareDatabaseLocation } from './database-location.js';
import { removeAbandonedTempFiles, TEMP_INFIX } from './abandoned-temp-files.js';
import { LoadContext, loadEdges, loadFiles, loadNodes, loadUnresolved } from './bulk-load.js';
import type { GraphToWrite } from './rows.js';
import {
  V4_FTS_DDL, V4_FTS_TRIGGERS_DDL, V4_INDEXES_DDL, V4_TABLES_DDL, v4SchemaVersionValues,
} from './schema-v4.js';

export interface WriteGraphOptions {
  /** Timestamp (ms) for `updated_at`, `applied_at` and metadata rows. Default: now. */
  now?: number;
  /** Sampled ANALYZE so readers' query planner has statistics (0.9.9 ships `sqlite_stat1` too). Default true. */
  analyze?: boolean;
  /** Write `.gitignore` (`*`, `!.gitignore`) beside the database when it has none. Default true. */
  gitignore?: boolean;
  /** When the old database is open in another process: replace anyway (default) or fail. */
  ifInUse?: 'replace' | 'fail';
  /** Value of the `arbor_version` stamp. Default: the indexer package's version. */
  arborVersion?: string;
}

export interface WriteGraphStats {
  nodes: number;
  edges: number;
  files: number;
  unresolved: number;
  metadataKeys: number;
  /** Nodes whose id was already written (the first one is kept). */
  duplicateNodes: number;
  /** Written edges per kind. */
  edgesByKind: Record<string, number>;
  /** Edges equal to an earlier one in (source, target, kind, line, col). */
  duplicateEdges: number;
  /** Edges whose source or target is not a written node. */
  danglingEdges: number;
  /** Files whose path was already written (the first one is kept). */
  duplicateFiles: number;
  /** Unresolved refs whose `fromNodeId` is not a written node. */
  danglingUnresolved: number;
  /** Files whose given `nodeCount` differed from the nodes actually written for that path. */
  correctedNodeCounts: number;
  replacedExisting: boolean;
  /** The old database was open elsewhere when it was replaced. */
  previousInUse: boolean;
  bytes: number;
  durationMs: number;
}

export function writeGraph(dbPath: string, graph: GraphToWrite, options: WriteGraphOptions = {}): WriteGraphStats {
  const started = performance.now();
  const target = path.resolve(dbPath);
  const dir = path.dirname(target);
  prepareDatabaseLocation(dir, target, options.gitignore ?? true);
  removeAbandonedTempFiles(dir, path.basename(target));
  removeAbandonedTempFiles(dir, '.gitignore');

  const tempPath = `${target}${TEMP_INFIX}${process.pid}-${randomBytes(6).toString('hex')}`;
  let db: Database.Database | undefined;
  let stats: Omit<WriteGraphStats, 'replacedExisting' | 'previousInUse' | 'bytes' | 'durationMs'>;
  try {
    db = openForBuild(tempPath, target);
    stats = buildDatabase(db, graph, {
      now: options.now ?? Date.now(),
      analyze: options.analyze ?? true,
      arborVersion: options.arborVersion ?? arborVersion(),
    }, target);
    db.close();
    db = undefined;
    fsyncFile(tempPath);
  } catch (error) {
    if (db?.open) closeQuietly(db);
    discardTemp(tempPath);
    throw asWriteError(error, target);
  }

  let outcome;
  try {
    // Checked again: the path may have become a link while the graph was built.
    checkDatabasePath(target);
    outcome = replaceDatabaseFile(tempPath, target, { ifInUse: options.ifInUse });
  } catch (error) {
    discardTemp(tempPath);
    if (error instanceof GraphWriteError) throw error;
    if (error instanceof DatabaseInUseError) {
      throw new GraphWriteError('DATABASE_IN_USE', error.message, target, { cause: error });
    }
    throw new GraphWriteError('REPLACE_FAILED', `cannot move the new graph into place at ${target}: ${messageOf(error)}`, target, { cause: error });
  }

  return {
    ...stats,
    ...outcome,
    bytes: fs.statSync(target).size,
    durationMs: Math.round(performance.now() - started),
  };
}

interface BuildSettings {
  now: number;
  analyze: boolean;
  arborVersion: string;
}

function buildDatabase(db: Database.Database, graph: GraphToWrite, settings: BuildSettings, target: string) {
  const { now } = settings;
  for (const statement of V4_TABLES_DDL) db.exec(statement);

  db.exec('BEGIN');
  const insertVersion = db.prepare('INSERT INTO schema_versions (version, applied_at, description) VALUES (?, ?, ?)');
  for (const row of v4SchemaVersionValues(now)) insertVersion.run(...row);

  const ctx = new LoadContext(db, target);
  const nodes = loadNodes(ctx, graph.nodes, now);
  const edges = loadEdges(ctx, graph.edges, nodes.indexById);
  const files = loadFiles(ctx, graph.files, nodes.countByFile);
  const unresolved = loadUnresolved(ctx, graph.unresolved, nodes.indexById);
  const metadata = projectMetadataEntries(stringValues(graph.metadata ?? {}), settings.arborVersion);
  const insertMetadata = db.prepare('INSERT INTO project_metadata (key, value, updated_at) VALUES (?, ?, ?)');
  for (const [key, value] of metadata) insertMetadata.run(key, value, now);
  db.exec('COMMIT');

  // Indexes, FTS table and triggers after the bulk insert; the FTS index is filled in one pass.
  db.exec('BEGIN');
  for (const statement of V4_INDEXES_DDL) db.exec(statement);
  db.exec(V4_FTS_DDL);
  for (const statement of V4_FTS_TRIGGERS_DDL) db.exec(statement);
  db.exec("INSERT INTO nodes_fts(nodes_fts) VALUES('rebuild')");
  db.exec('COMMIT');
  if (settings.analyze) {
    db.pragma('analysis_limit = 1000');
    db.exec('ANALYZE');
  }
  // The CLI's journal mode; the header keeps it, so every later opener runs in WAL.
  db.pragma('journal_mode = WAL');

  return {
    nodes: nodes.indexById.size,
    duplicateNodes: nodes.duplicates,
    edges: edges.written,
    edgesByKind: edges.byKind,
    duplicateEdges: edges.duplicates,
    danglingEdges: edges.dangling,
    files: files.written,
    duplicateFiles: files.duplicates,
    correctedNodeCounts: files.corrected,
    unresolved: unresolved.written,
    danglingUnresolved: unresolved.dangling,
    metadataKeys: metadata.length,
  };
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
  db.pragma('temp_store = MEMORY');
  // 8 MiB: a bigger page cache only holds the whole file in memory (peak RSS) without making the load faster.
  db.pragma('cache_size = -8192');
  // Endpoints are checked in JS while inserting (and counted), so SQLite need not re-check.
  db.pragma('foreign_keys = OFF');
  return db;
}

function discardTemp(tempPath: string): void {
  try {
    fs.rmSync(tempPath, { force: true });
    removeSideFiles(tempPath);
  } catch { /* left for the next writer's cleanup */ }
}

function fsyncFile(file: string): void {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function closeQuietly(db: Database.Database): void {
  try {
    db.close();
  } catch { /* already failing */ }
}

function asWriteError(error: unknown, target: string): GraphWriteError {
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
