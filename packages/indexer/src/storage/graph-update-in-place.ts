/**
 * Updates an existing graph in place to the rows of a new one, in ONE transaction, instead of
 * building a new file and renaming it over the graph: a one-file change rewrites a few pages, not
 * the whole file (python/mypy: 75 MB), and a reader that keeps the graph open (an MCP server, a
 * watcher) sees the new graph at its next read instead of keeping the replaced file.
 *
 * The new rows are checked and packed as a fresh build packs them (row-packing.ts) and turned into
 * the very values a fresh build stores (bulk-load.ts); they are compared with the graph's rows
 * group by group (a file's nodes, files and unresolved refs; a source node's edges of one kind),
 * each group as one text (GroupDiff below). A group that differs has its old rows deleted and its
 * new rows inserted; the FTS index follows through the schema's own triggers. What the old graph
 * held therefore never decides what the new one holds: any old content ends as the new rows, and
 * each table's row count is checked against the new graph's before the commit.
 *
 * Why this is safe for readers and crashes: the graph is in WAL mode (graph-build.ts), so a reader
 * sees the graph as of the last commit, old or new, never a mix, and a process killed before the
 * commit leaves only uncommitted WAL frames, which SQLite ignores. After the commit the WAL is
 * checkpointed into the file, so the file alone is the graph again (a CI job copies just that).
 *
 * What differs from a fresh build is physical only: row ids of new rows (edges and unresolved refs
 * get the next free ids, nodes the next rowids, so the FTS index's segments differ), the planner
 * statistics (kept from the last full build), and free pages. Every row's content equals a fresh
 * build's; `updated_at`/`indexed_at`/metadata times are those of the run that last wrote the row.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { BatchInsert, type SqlValue } from './batch-insert.js';
import {
  digestOf, graphIdentity, GROUP_COLUMNS, GROUP_KEY_SEPARATOR, GroupTexts, readGroupDigests, removeGroupDigests, STAMPS, writeGroupDigests, type KeptDigests,
} from './group-digests.js';
import { PackedRowLoader, EDGE_COLUMNS, FILE_COLUMNS, NODE_COLUMNS, UNRESOLVED_COLUMNS, type RowSink } from './bulk-load.js';
import { asWriteError } from './graph-build.js';
import { buildSettings } from './graph-writer.js';
import { checkDatabasePath } from './database-location.js';
import { arborVersion, projectMetadataEntries, WRITTEN_BY } from './project-metadata.js';
import { removeLinkedSideFiles } from './replace-database.js';
import { keepResolutionRecord, readResolutionRecord, removeResolutionRecord } from './resolution-record.js';
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
  /**
   * How the new rows were compared with the graph's: with the digests the previous update kept beside
   * the graph (group-digests.ts), or by reading the graph's rows (no digests, or not of this graph).
   */
  comparedBy: 'digests' | 'rows';
}

export interface InPlaceOptions extends WriteGraphOptions {
  /** Called inside the transaction, after every change and before the commit (tests: a crash or failure there). */
  beforeCommit?: () => void;
}

/**
 * Opens the graph at `dbPath` for an in-place update, or says why it cannot be updated in place
 * (then the caller builds a new file as a cold run does).
 */
export function openInPlaceUpdate(dbPath: string, options: InPlaceOptions = {}): InPlaceGraphUpdate | { refused: string; noGraph?: true } {
  const target = path.resolve(dbPath);
  let db: Database.Database | undefined;
  try {
    if (!fs.existsSync(target)) return { refused: 'no graph yet', noGraph: true };
    // The path may be a link into elsewhere, and side files are opened by name through links.
    checkDatabasePath(target);
    removeLinkedSideFiles(target);
    // Before the graph is opened (opening creates its WAL): the digests kept for the graph as it is.
    const identity = graphIdentity(target);
    const digests = readGroupDigests(target, identity, arborVersion());
    const record = readResolutionRecord(target, identity);
    db = new Database(target, { fileMustExist: true, timeout: BUSY_TIMEOUT_MS });
    const refused = whyNotUpdatable(db);
    if (refused) {
      db.close();
      return { refused };
    }
    const update = new InPlaceGraphUpdate(db, target, options, digests === undefined ? undefined : { identity: identity!, digests });
    if (record !== undefined) update.previousRecord = { identity: identity!, record };
    return update;
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

/** How long an update waits for another writer's commit before it fails. */
const BUSY_TIMEOUT_MS = 30_000;

export class InPlaceGraphUpdate implements GraphWriteSession {
  private readonly started = performance.now();
  private readonly packer: RowPacker;
  private readonly loader: PackedRowLoader;
  private readonly now: number;
  /** Per table: the new rows by group, and what changed. */
  private readonly diffs = new Map<string, GroupDiff>();
  private done = false;
  private declaredRows = false;
  /** The resolution record kept beside the graph as it was opened (resolution-record.ts), for the caller to judge. */
  previousRecord?: { identity: string; record: unknown };
  /** Files whose rows the graph holds as they are (`keep`). */
  private kept?: KeptFiles;
  /** The files whose rows are given (their file rows declared). */
  private readonly givenFiles = new Set<string>();
  private record: unknown;
  /** Every new node's file, by node id (an edge group is its source node's file's). */
  private readonly nodeFiles = new Map<string, string>();
  /** The kept files with no digests, for the next update (set by finish). */
  private unknownFiles: string[] = [];

  /**
   * `previous`: the digests the last update kept for the graph, and the identity they were read for
   * (checked again under the write lock: a run that committed in between makes them stale).
   */
  constructor(
    private readonly db: Database.Database,
    private readonly target: string,
    private readonly options: InPlaceOptions,
    private readonly previous?: { identity: string; digests: KeptDigests },
  ) {
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

  /**
   * The rows of `files` are not given: the graph holds them as they are (their resolution was reused,
   * pipeline/resolution-reuse.ts). Their groups are neither compared nor written, and `rows` (their edges
   * by kind and their unresolved refs) count toward the tables' totals. Only with `previousRecord`, whose
   * graph must still be the one being updated when the update holds the write lock. Before `declared`;
   * their file rows are not given, and of their node rows only those the given rows name (skipped here).
   */
  keep(files: ReadonlySet<string>, rows: { edges: Record<string, number>; unresolved: number; nodes: number }): void {
    if (this.declaredRows) throw new Error('graph update: kept files named after the rows were declared');
    if (!this.previousRecord) throw new Error('graph update: kept files without a resolution record');
    this.kept = new KeptFiles(files, rows, this.nodeFiles);
  }

  keepRecord(record: unknown): void {
    this.record = record;
  }

  declared(nodes: Iterable<NodeRow>, files: FileRow[]): void {
    for (const file of files) this.givenFiles.add(file.path);
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
    let versionAtCommit: unknown;
    const totals = this.packer.totals();
    this.step(() => {
      this.loader.finish();
      // The write lock only now, for the comparison and the changes: another run's update waits for
      // this one's commit (busy timeout), not for its resolution. Readers go on reading meanwhile.
      this.db.exec('BEGIN IMMEDIATE');
      // Every table, also one no new row reached (its old rows go).
      const diffs = TABLE_ORDER.map(([table, columns]) => this.diffFor(table, columns));
      // Our own connection's WAL holds no frame yet: the file is still the one the digests describe, or it is not.
      const identityNow = graphIdentity(this.target);
      const digests = this.previous !== undefined && identityNow === this.previous.identity ? this.previous.digests : undefined;
      // Kept rows are the graph's as the record described it: another writer since, and they may not be.
      if (this.kept && identityNow !== this.previousRecord!.identity) throw new InPlaceMismatchError('the graph was written by another run since its resolution record was read');
      // The graph's node ids of the files given whole, which may be gone now (a line inserted above declarations moves them).
      this.kept?.givenFilesHeld(this.db.prepare(`SELECT id FROM main.nodes WHERE file_path IN (SELECT value FROM json_each(?))`)
        .pluck().all(JSON.stringify([...this.givenFiles])) as string[]);
      // Without digests, the rows of every file not kept are read back: named (a few files after a one-file edit), so
      // that SQLite reads them by index instead of testing every row of every table against the kept files (python/mypy,
      // one file changed: 0.24 s of CPU for the edges alone).
      const notKept = !digests && this.kept ? graphFilesNotKept(this.db, this.kept.files) : undefined;
      for (const diff of diffs) diff.compare(digests && { digests: digests.tables.get(diff.table) ?? new Map(), unknownFiles: digests.unknownFiles }, notKept);
      // Kept files whose digests are not known stay so for the next update (it reads their rows if they change).
      this.unknownFiles = !this.kept ? [] : [...this.kept.files].filter((file) => !digests || digests.unknownFiles.has(file));
      for (const diff of diffs) diff.deleteChanged();
      for (const diff of diffs) diff.insertChanged();
      const entries = projectMetadataEntries(stringValues(metadata), buildSettings(this.options).arborVersion);
      metadataKeys = entries.length;
      const changed = (table: string) => this.diffs.get(table)!.changes;
      changes = {
        nodes: changed('nodes'), files: changed('files'), edges: changed('edges'), unresolved: changed('unresolved_refs'),
        metadata: this.applyMetadata(entries),
        comparedBy: digests ? 'digests' : 'rows',
      };
      // What the old graph held cannot show through: each table now holds exactly the new rows.
      if (this.kept) {
        for (const [kind, count] of Object.entries(this.kept.rows.edges)) {
          totals.edges += count;
          totals.edgesByKind[kind] = (totals.edgesByKind[kind] ?? 0) + count;
        }
        totals.unresolved += this.kept.rows.unresolved;
        totals.nodes += this.kept.rows.nodes - this.kept.nodesGiven;
        totals.files += this.kept.files.size;
      }
      const expected: Record<string, number> = { nodes: totals.nodes, files: totals.files, edges: totals.edges, unresolved_refs: totals.unresolved };
      for (const [table, want] of Object.entries(expected)) {
        const have = this.db.prepare(`SELECT count(*) FROM main.${table}`).pluck().get();
        if (have !== want) throw new InPlaceMismatchError(`${table}: ${String(have)} rows after the update, ${want} in the new graph`);
      }
      this.coverStatistics(expected);
      this.options.beforeCommit?.();
      // Under the write lock: no other connection's commit can come between this and ours.
      versionAtCommit = this.db.pragma('data_version', { simple: true });
      this.db.exec('COMMIT');
    });
    this.done = true;
    try {
      // Fold the WAL into the file, so the file alone is the new graph (a reader's snapshot may hold part of it back).
      this.db.pragma('wal_checkpoint(TRUNCATE)');
    } catch { /* the graph is committed; the next opener checkpoints */ }
    const kept = this.keepDigests(versionAtCommit);
    this.close();
    // Closing must not have touched the file the digests name (else they would not be believed anyway).
    if (kept !== undefined && graphIdentity(this.target) !== kept) {
      removeGroupDigests(this.target);
      removeResolutionRecord(this.target);
    }
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

  private diffFor(table: string, columns: readonly string[]): GroupDiff {
    let diff = this.diffs.get(table);
    if (!diff) {
      diff = new GroupDiff(this.db, table, columns, this.nodeFiles, this.kept);
      this.diffs.set(table, diff);
    }
    return diff;
  }

  /**
   * For the next update: what every group now holds, tied to the file as this update left it. Taken
   * holding the write lock again, and only when no other connection committed since this update's
   * commit (SQLite's data_version), so the identity is that of this update's graph and no other's.
   * Returns the identity the digests were kept for (undefined: none kept).
   */
  private keepDigests(versionAtCommit: unknown): string | undefined {
    const { db } = this;
    try {
      // Not worth waiting for: another writer at work makes these digests stale anyway.
      db.pragma('busy_timeout = 50');
      db.exec('BEGIN IMMEDIATE');
      try {
        const identity = db.pragma('data_version', { simple: true }) === versionAtCommit ? graphIdentity(this.target) : undefined;
        keepResolutionRecord(this.target, identity, this.record);
        if (identity === undefined) {
          removeGroupDigests(this.target);
          return undefined;
        }
        writeGroupDigests(this.target, identity, new Map([...this.diffs].map(([table, diff]) => [table, diff.digests])), arborVersion(), this.unknownFiles);
        return identity;
      } finally {
        db.exec('ROLLBACK');
      }
    } catch {
      removeGroupDigests(this.target);
      removeResolutionRecord(this.target);
      return undefined;
    }
  }

  /**
   * Planner statistics stay those of the last full build, but which tables they cover follows the
   * new rows as a fresh build's ANALYZE would: it covers a table's indexes only when the table has
   * rows. So a table that became empty, or got its first rows, is analysed again (sampled, as the
   * build does); the others keep their statistics.
   */
  private coverStatistics(counts: Record<string, number>): void {
    const { db } = this;
    if (db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_stat1'").get() === undefined) return;
    const covered = db.prepare('SELECT 1 FROM main.sqlite_stat1 WHERE tbl = ? LIMIT 1').pluck();
    const stale = Object.entries(counts).filter(([table, rows]) => (covered.get(table) !== undefined) !== (rows > 0)).map(([table]) => table);
    if (stale.length === 0) return;
    db.pragma('analysis_limit = 1000');
    for (const table of stale) {
      // ANALYZE of an empty table leaves its old statistics: they go by hand.
      db.prepare('DELETE FROM main.sqlite_stat1 WHERE tbl = ?').run(table);
      db.exec(`ANALYZE main.${table}`);
    }
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

/** The tables, in the order their new rows are inserted, with the columns their rows come with (the loader's order). */
const TABLE_ORDER: ReadonlyArray<[string, readonly string[]]> = [
  ['nodes', NODE_COLUMNS], ['files', FILE_COLUMNS], ['edges', EDGE_COLUMNS], ['unresolved_refs', UNRESOLVED_COLUMNS],
];

/**
 * One table's difference, group by group (a RowSink for the loader). A new row becomes the JSON text
 * of its compared values (JSON.stringify); a group's rows, joined in the order they came, are
 * compared with the graph's rows of that group as SQLite gives them (json_array, group_concat in
 * index order): one string per group crosses from SQLite, not one per row. A group whose rows differ
 * has all its old rows deleted and all its new rows inserted, in the new graph's order. The two
 * encodings agree for the values arbor stores, and the orders agree for rows arbor stored; where
 * either might not (a string SQLite had to repair, a graph another writer reordered), a group only
 * counts as changed and is written again.
 */
class GroupDiff implements RowSink {
  readonly values: SqlValue[] = [];
  readonly changes = { deleted: 0, inserted: 0 };
  /** Each new group's digest, and each kept group's carried over (set by compare). */
  readonly digests = new Map<string, string>();
  private readonly rows: GroupTexts;
  private readonly compared: string[];
  private changed: string[] = [];
  /** Where the column that names a row's file is (nodes, files, unresolved refs) or its source node (edges). */
  private readonly ownerAt: number;

  constructor(
    private readonly db: Database.Database,
    readonly table: string,
    private readonly columns: readonly string[],
    private readonly nodeFiles: Map<string, string>,
    private readonly kept?: KeptFiles,
  ) {
    this.rows = new GroupTexts(table, columns);
    this.compared = columns.filter((c) => c !== STAMPS[table]);
    this.ownerAt = columns.indexOf(OWNER_COLUMN[table]);
  }

  endRow(): void {
    const { values } = this;
    if (this.table === 'nodes') this.nodeFiles.set(values[0] as string, values[this.ownerAt] as string);
    if (!this.kept?.rowKept(this.table, values, this.ownerAt)) this.rows.add(values);
    values.length = 0;
  }

  finish(): void { /* rows are compared once every table has them (InPlaceGraphUpdate.finish) */ }

  /**
   * Compares every group's rows with the graph's; returns the groups whose rows differ. With `previous`
   * (the digests the graph's groups had, group-digests.ts) a group differs when its digest does, and a
   * group the digests name and the new rows lack goes; only the groups of files the digests do not know
   * are read from the graph. Without, every group is read. Kept files' groups (KeptFiles) are neither
   * read nor compared: their digests carry over where there are some. Every new group's digest is kept.
   */
  compare(previous?: { digests: ReadonlyMap<string, string>; unknownFiles: ReadonlySet<string> }, notKept?: readonly string[]): string[] {
    const { digests, kept, table } = this;
    const readFiles = previous && [...previous.unknownFiles].filter((file) => !kept?.files.has(file));
    const byRows = (key: string) => previous === undefined || previous.unknownFiles.has(this.fileOf(key));
    const texts = new Map<string, string>();
    const changed = new Set<string>();
    for (const [key, group] of this.rows.groups) {
      const text = group.texts.join('\n');
      const digest = digestOf(text);
      digests.set(key, digest);
      if (byRows(key)) texts.set(key, text);
      else if (previous!.digests.get(key) !== digest) changed.add(key);
    }
    if (previous !== undefined) {
      for (const [key, digest] of previous.digests) {
        if (digests.has(key)) continue;
        // A kept group is the graph's as it is: its digest carries over.
        if (kept?.keyKept(table, key)) digests.set(key, digest);
        else changed.add(key);
      }
    }
    if (previous === undefined || readFiles!.length > 0) {
      const group = GROUP_COLUMNS[table];
      const text = `json_array(${this.compared.join(', ')})`;
      // Without digests: every group of a file not kept (`notKept`, the graph's files but the kept ones), else every group.
      const files = previous === undefined ? kept && notKept : readFiles!;
      const where = files === undefined ? '' : ` WHERE ${ownerSql(table)}`;
      const rows = this.db.prepare(`SELECT ${group.join(', ')}, group_concat(${text}, char(10)) FROM main.${table}${where} GROUP BY ${group.join(', ')}`)
        .raw().all(...(files === undefined ? [] : [JSON.stringify(files)])) as string[][];
      const seen = new Set<string>();
      for (const row of rows) {
        const key = row.slice(0, group.length).join(GROUP_KEY_SEPARATOR);
        seen.add(key);
        if (texts.get(key) !== row[group.length]) changed.add(key);
      }
      for (const key of texts.keys()) if (!seen.has(key)) changed.add(key);
    }
    this.changed = [...changed];
    return this.changed;
  }

  /** The file a group of this table belongs to (an edge group: its source node's). */
  private fileOf(key: string): string {
    return this.table === 'edges' ? this.nodeFiles.get(key.slice(0, key.indexOf(GROUP_KEY_SEPARATOR))) ?? '' : key;
  }

  /** Deletes the old rows of the groups that changed. */
  deleteChanged(): void {
    const group = GROUP_COLUMNS[this.table];
    const remove = this.db.prepare(`DELETE FROM main.${this.table} WHERE ${group.map((c) => `${c} = ?`).join(' AND ')}`);
    for (const key of this.changed) this.changes.deleted += remove.run(...key.split(GROUP_KEY_SEPARATOR)).changes;
  }

  /** Inserts the new rows of the files that changed. */
  insertChanged(): void {
    const insert = new BatchInsert(this.db, `main.${this.table}`, this.columns);
    const { stampIndex } = this.rows;
    for (const key of this.changed) {
      const group = this.rows.groups.get(key);
      if (!group) continue;
      group.texts.forEach((text, i) => {
        const row = JSON.parse(text) as SqlValue[];
        if (stampIndex >= 0) row.splice(stampIndex, 0, group.stamps[i]);
        for (const value of row) insert.values.push(value);
        insert.endRow();
        this.changes.inserted++;
      });
    }
    insert.finish();
    this.rows.groups.clear();
  }
}

/** Per table, the column that names the file a row belongs to; for edges, the source node (a node of that file). */
const OWNER_COLUMN: Record<string, string> = { nodes: 'file_path', files: 'path', edges: 'source', unresolved_refs: 'file_path' };

/**
 * The files whose rows the graph keeps as they are (InPlaceGraphUpdate.keep): which rows and groups are
 * theirs. An edge is its source node's file's, and the nodes of those files are learnt as their rows pass.
 */
class KeptFiles {
  /** Kept files' node rows given all the same (the nodes other rows name). */
  nodesGiven = 0;
  /** The node ids the graph held for the files given whole (givenFilesHeld). */
  private heldForGiven: ReadonlySet<string> = new Set();

  /** `nodeFiles`: every given node's file, by id (filled as the node rows pass). */
  constructor(
    readonly files: ReadonlySet<string>,
    readonly rows: { edges: Record<string, number>; unresolved: number; nodes: number },
    private readonly nodeFiles: ReadonlyMap<string, string>,
  ) {}

  /** Whether a new row (values in the table's column order) is a kept file's (none of their edges is given). */
  rowKept(table: string, values: readonly SqlValue[], ownerAt: number): boolean {
    if (table === 'edges' || !this.files.has(values[ownerAt] as string)) return false;
    if (table === 'nodes') this.nodesGiven++;
    return true;
  }

  /** The node ids the graph holds for the files given whole, before the update. */
  givenFilesHeld(ids: readonly string[]): void {
    this.heldForGiven = new Set(ids);
  }

  /**
   * Whether a group of the graph (by its key) is a kept file's. An edge group is, unless its source is a
   * node of a file given whole, now or in the graph (a node id holds its line: the ids of a file whose lines
   * moved are not those the graph holds, pipeline/interface-shift.ts).
   */
  keyKept(table: string, key: string): boolean {
    if (table !== 'edges') return this.files.has(key);
    const source = key.slice(0, key.indexOf(GROUP_KEY_SEPARATOR));
    const file = this.nodeFiles.get(source);
    return file === undefined ? !this.heldForGiven.has(source) : this.files.has(file);
  }
}

/** SQL that picks the graph's rows whose file is one of a list (its one parameter, as JSON); an edge's file is its source node's. */
function ownerSql(table: string): string {
  const files = 'SELECT value FROM json_each(?)';
  if (table === 'edges') return `source IN (SELECT id FROM main.nodes WHERE file_path IN (${files}))`;
  return `${OWNER_COLUMN[table]} IN (${files})`;
}

/**
 * Every file the graph's rows name (a node's, a file row's, an unresolved ref's: each read from its index) but the kept
 * ones. An edge whose source is no node at all is read by no list; such a row (never written by arbor) would stay, and the
 * update's row counts would then differ from the new graph's: a new file is built.
 */
function graphFilesNotKept(db: Database.Database, kept: ReadonlySet<string>): string[] {
  const files = new Set<string>();
  for (const sql of ['SELECT DISTINCT file_path FROM main.nodes', 'SELECT path FROM main.files', 'SELECT DISTINCT file_path FROM main.unresolved_refs']) {
    for (const file of db.prepare(sql).pluck().iterate() as Iterable<string>) if (!kept.has(file)) files.add(file);
  }
  return [...files];
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
