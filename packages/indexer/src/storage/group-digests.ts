/**
 * What each group of the graph's rows held when arbor last updated the graph in place: one digest
 * per group (a file's nodes, file row and unresolved refs; a source node's edges of one kind), kept
 * beside the graph in `<graph>.groups`. The next in-place update compares its new rows with these
 * digests instead of reading every row of the graph back (on python/mypy, reading them was the
 * largest single cost of a one-file re-index after resolution itself).
 *
 * The digests are believed only for the very file they were taken of: they carry the graph file's
 * identity as the update left it (device, inode, size, modification and status-change times in
 * nanoseconds) and are used only when the graph has that identity and its WAL holds no frames.
 * Anything that writes the graph since (another arbor run, codegraph, a SQLite shell, a copy over
 * it, a crash after the commit but before the digests) changes that identity — the status-change
 * time cannot be set back — so its digests are not used and the graph's rows are read and compared
 * as before. The identity is checked again once the update holds the write lock, so a run that
 * committed in between is seen too. A missing, damaged, foreign or linked file is simply not used.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { readBytesInsideRoot } from '@arbor/vocabulary';
import { writeFileAtomically } from '../support/local-gitignore.js';
import type { SqlValue } from './batch-insert.js';
import type { RowSink } from './bulk-load.js';
import { arborVersion } from './project-metadata.js';
import { removeAbandonedTempFiles } from './abandoned-temp-files.js';
import { keepResolutionRecord } from './resolution-record.js';

/** Bumped when what a digest covers, or the file's layout, changes. */
const FORMAT = 2;
/** Far above the digests of any tree arbor indexes (about 80 bytes per group). */
const MAX_BYTES = 512 * 1024 * 1024;

/** Per table, the digest of each group's rows, by group key. */
export type GroupDigests = Map<string, Map<string, string>>;

/**
 * The digests kept beside a graph, and the files whose groups have none: files an update kept as they
 * were without reading their rows (graph-update-in-place.ts `keep`), when it had no digests of them to
 * carry over. The next update reads those files' rows from the graph where it has to compare them.
 */
export interface KeptDigests {
  tables: GroupDigests;
  unknownFiles: ReadonlySet<string>;
}

/** The digest of one group's rows, as GroupDiff writes them out (one text per row, joined by newlines). */
export const digestOf: (text: string) => string = typeof (crypto as { hash?: unknown }).hash === 'function'
  // One-shot hashing (Node ≥ 20.12) is about twice as fast as a Hash object per group.
  ? (text) => (crypto as unknown as { hash(algorithm: string, data: string, encoding: string): string }).hash('sha256', text, 'base64')
  : (text) => crypto.createHash('sha256').update(text).digest('base64');

export function groupDigestsPath(graph: string): string {
  return `${graph}.groups`;
}

/**
 * The graph file's identity, or undefined when it cannot be vouched for: no regular file there,
 * or a WAL that holds frames (committed or not, they are not yet in the file the identity names).
 */
export function graphIdentity(graph: string): string | undefined {
  try {
    const wal = lstatOrUndefined(`${graph}-wal`);
    if (wal !== undefined && (!wal.isFile() || wal.size !== 0n)) return undefined;
    const stat = lstatOrUndefined(graph);
    if (stat === undefined || !stat.isFile()) return undefined;
    return [stat.dev, stat.ino, stat.size, stat.mtimeNs, stat.ctimeNs].join(':');
  } catch {
    return undefined;
  }
}

/** The digests kept for the graph as it is now, or undefined when there are none to believe. */
export function readGroupDigests(graph: string, identity: string | undefined, arborVersion: string): KeptDigests | undefined {
  if (identity === undefined) return undefined;
  try {
    const read = readBytesInsideRoot(path.dirname(graph), path.basename(groupDigestsPath(graph)), { maxBytes: MAX_BYTES, followSymlinks: false });
    if (!read.ok) return undefined;
    const parsed = JSON.parse(read.bytes.toString('utf8')) as { format?: unknown; arborVersion?: unknown; graph?: unknown; tables?: unknown; unknownFiles?: unknown };
    if (parsed.format !== FORMAT || parsed.arborVersion !== arborVersion || parsed.graph !== identity) return undefined;
    if (typeof parsed.tables !== 'object' || parsed.tables === null) return undefined;
    const unknown = parsed.unknownFiles;
    if (!Array.isArray(unknown) || !unknown.every((file) => typeof file === 'string')) return undefined;
    const digests: GroupDigests = new Map();
    for (const [table, groups] of Object.entries(parsed.tables as Record<string, unknown>)) {
      if (!Array.isArray(groups) || groups.length % 2 !== 0) return undefined;
      const byKey = new Map<string, string>();
      for (let i = 0; i < groups.length; i += 2) {
        const [key, digest] = [groups[i], groups[i + 1]];
        if (typeof key !== 'string' || typeof digest !== 'string') return undefined;
        byKey.set(key, digest);
      }
      digests.set(table, byKey);
    }
    return { tables: digests, unknownFiles: new Set(unknown as string[]) };
  } catch {
    return undefined;
  }
}

/**
 * Keeps `digests` for the graph file of `identity` (graphIdentity, taken when no other writer could
 * change the file). Best effort: when the file cannot be written, the next update reads the graph's
 * rows instead.
 */
export function writeGroupDigests(graph: string, identity: string, digests: GroupDigests, arborVersion: string, unknownFiles: readonly string[] = []): void {
  const file = groupDigestsPath(graph);
  try {
    // Temp files of writes killed half-way (a minute old, as the graph's own).
    removeAbandonedTempFiles(path.dirname(file), path.basename(file));
    const tables: Record<string, string[]> = {};
    for (const [table, groups] of digests) {
      const flat: string[] = [];
      for (const [key, digest] of groups) flat.push(key, digest);
      tables[table] = flat;
    }
    writeFileAtomically(file, JSON.stringify({ format: FORMAT, arborVersion, graph: identity, tables, unknownFiles }));
  } catch {
    removeGroupDigests(graph);
  }
}

/**
 * After a new graph was moved into place: its digests, when the build took them, else none (what
 * was kept for the graph it replaced would never be believed, but need not stay). The identity is
 * taken right after the rename: an update by another run would have to open the new file, compare
 * every group and commit in between. The resolution record (resolution-record.ts), when the run made
 * one, is kept for the same identity.
 */
export function keepDigests(graph: string, digests: GroupDigests | undefined, record?: unknown): void {
  const identity = digests === undefined && record === undefined ? undefined : graphIdentity(graph);
  if (identity === undefined || digests === undefined) removeGroupDigests(graph);
  else writeGroupDigests(graph, identity, digests, arborVersion());
  keepResolutionRecord(graph, identity, record);
}

/** Digests that describe no graph any more are removed (a stale file would never be believed, but need not stay). */
export function removeGroupDigests(graph: string): void {
  try {
    const stat = lstatOrUndefined(groupDigestsPath(graph));
    // Never through a link (the folder comes from the checkout); a link there is not ours to follow.
    if (stat !== undefined) fs.rmSync(groupDigestsPath(graph), { force: true });
  } catch { /* nothing to lose: an unbelieved file */ }
}

/** The column that says when a row was written: not compared (an unchanged row keeps its time). */
export const STAMPS: Record<string, string | undefined> = { nodes: 'updated_at', files: 'indexed_at' };

/**
 * Which rows are compared as one group, per table: the columns of an index each table has, so that
 * SQLite reads a group's rows in index order, which is rowid order, which is the order they were
 * stored in: the new graph's order (nodes by id, the rest as resolution gives them). The new rows of
 * a group come in that order too, so no side sorts anything.
 */
export const GROUP_COLUMNS: Record<string, readonly string[]> = {
  nodes: ['file_path'],
  files: ['path'],
  edges: ['source', 'kind'],
  unresolved_refs: ['file_path'],
};

/** Between the values of a group's columns in its key (no path or id holds a NUL). */
export const GROUP_KEY_SEPARATOR = '\u0000';

/** The rows of one group: each row's compared values as JSON, and its stamp. */
export interface GroupRows {
  texts: string[];
  stamps: SqlValue[];
}

/**
 * One table's rows as they are stored, by group: what an in-place update compares and what the
 * digests are taken of (the same texts, so a build's digests and an update's agree).
 */
export class GroupTexts {
  readonly groups = new Map<string, GroupRows>();
  /** Where the stamp column is among the row's values (-1: none). */
  readonly stampIndex: number;
  private readonly keyAt: number[];

  constructor(table: string, columns: readonly string[]) {
    const stamp = STAMPS[table];
    this.stampIndex = stamp === undefined ? -1 : columns.indexOf(stamp);
    this.keyAt = GROUP_COLUMNS[table].map((c) => columns.indexOf(c));
  }

  /** One row's values, in the table's column order (left as they were given). */
  add(values: readonly SqlValue[]): void {
    const key = this.keyAt.length === 1 ? values[this.keyAt[0]] as string : this.keyAt.map((i) => values[i] as string).join(GROUP_KEY_SEPARATOR);
    let group = this.groups.get(key);
    if (!group) {
      group = { texts: [], stamps: [] };
      this.groups.set(key, group);
    }
    if (this.stampIndex < 0) group.texts.push(JSON.stringify(values));
    else {
      group.stamps.push(values[this.stampIndex]);
      group.texts.push(JSON.stringify(values.filter((_, i) => i !== this.stampIndex)));
    }
  }

  /** Each group's digest. */
  digests(): Map<string, string> {
    const out = new Map<string, string>();
    for (const [key, group] of this.groups) out.set(key, digestOf(group.texts.join('\n')));
    return out;
  }
}

/**
 * A fresh build's rows on their way to the database (`inner`), their digests taken on the way, so
 * that the first in-place update after the build need not read the graph's rows back either.
 */
export class DigestingSink implements RowSink {
  readonly values: SqlValue[] = [];
  private readonly rows: GroupTexts;

  constructor(private readonly inner: RowSink, readonly table: string, columns: readonly string[]) {
    this.rows = new GroupTexts(table, columns);
  }

  endRow(): void {
    const { values, inner } = this;
    this.rows.add(values);
    for (const value of values) inner.values.push(value);
    inner.endRow();
    values.length = 0;
  }

  finish(): void {
    this.inner.finish();
  }

  digests(): Map<string, string> {
    return this.rows.digests();
  }
}

function lstatOrUndefined(file: string): fs.BigIntStats | undefined {
  try {
    return fs.lstatSync(file, { bigint: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
