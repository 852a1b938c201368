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

/** Bumped when what a digest covers, or the file's layout, changes. */
const FORMAT = 1;
/** Far above the digests of any tree arbor indexes (about 80 bytes per group). */
const MAX_BYTES = 512 * 1024 * 1024;

/** Per table, the digest of each group's rows, by group key. */
export type GroupDigests = Map<string, Map<string, string>>;

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
export function readGroupDigests(graph: string, identity: string | undefined, arborVersion: string): GroupDigests | undefined {
  if (identity === undefined) return undefined;
  try {
    const read = readBytesInsideRoot(path.dirname(graph), path.basename(groupDigestsPath(graph)), { maxBytes: MAX_BYTES, followSymlinks: false });
    if (!read.ok) return undefined;
    const parsed = JSON.parse(read.bytes.toString('utf8')) as { format?: unknown; arborVersion?: unknown; graph?: unknown; tables?: unknown };
    if (parsed.format !== FORMAT || parsed.arborVersion !== arborVersion || parsed.graph !== identity) return undefined;
    if (typeof parsed.tables !== 'object' || parsed.tables === null) return undefined;
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
    return digests;
  } catch {
    return undefined;
  }
}

/**
 * Keeps `digests` for the graph as it is now (just committed, checkpointed and closed). Best effort:
 * when the file cannot be written, the next update reads the graph's rows instead.
 */
export function writeGroupDigests(graph: string, digests: GroupDigests, arborVersion: string): void {
  const file = groupDigestsPath(graph);
  try {
    const identity = graphIdentity(graph);
    if (identity === undefined) {
      removeGroupDigests(graph);
      return;
    }
    const tables: Record<string, string[]> = {};
    for (const [table, groups] of digests) {
      const flat: string[] = [];
      for (const [key, digest] of groups) flat.push(key, digest);
      tables[table] = flat;
    }
    writeFileAtomically(file, JSON.stringify({ format: FORMAT, arborVersion, graph: identity, tables }));
  } catch {
    removeGroupDigests(graph);
  }
}

/** Digests that describe no graph any more are removed (a stale file would never be believed, but need not stay). */
export function removeGroupDigests(graph: string): void {
  try {
    const stat = lstatOrUndefined(groupDigestsPath(graph));
    // Never through a link (the folder comes from the checkout); a link there is not ours to follow.
    if (stat !== undefined) fs.rmSync(groupDigestsPath(graph), { force: true });
  } catch { /* nothing to lose: an unbelieved file */ }
}

function lstatOrUndefined(file: string): fs.BigIntStats | undefined {
  try {
    return fs.lstatSync(file, { bigint: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
