/**
 * What is at the database path before `arbor index` replaces it. The path is in an untrusted
 * checkout and the user may have put something else there: another program's SQLite file, a
 * text file, or a graph of a codegraph schema newer than any release arbor knows. Those are
 * not arbor's to destroy. A graph codegraph 1.x migrated forward (v5–v11) is replaced: v4 is
 * what both tools read, and 1.x migrates it again on open.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { checkDatabasePath, prepareDatabaseLocationCheck } from './database-location.js';
import { removeLinkedSideFiles } from './replace-database.js';

/** The newest schema a codegraph release arbor knows writes (1.6.x). */
export const NEWEST_KNOWN_CODEGRAPH_SCHEMA = 11;
const WRITTEN_SCHEMA = 4;
const SQLITE_HEADER = 'SQLite format 3\u0000';

export type ExistingDatabase =
  /** Nothing there, an empty file, or a graph arbor writes (v4 or older): replace quietly. */
  | { kind: 'replaceable' }
  /** A SQLite file with a SQLite header that cannot be read (damaged graph): replace quietly. */
  | { kind: 'damaged'; detail: string }
  /** A codegraph graph migrated forward by codegraph 1.x: replace, and say so. */
  | { kind: 'migrated'; version: number }
  /** Not a codegraph graph, or a schema newer than any release arbor knows: refuse unless forced. */
  | { kind: 'foreign'; detail: string }
  | { kind: 'future'; version: number };

const READ_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0) | (fs.constants.O_NONBLOCK ?? 0);

export function inspectExistingDatabase(target: string): ExistingDatabase {
  prepareDatabaseLocationCheck(path.dirname(target), target);
  checkDatabasePath(target);
  let header: Buffer;
  try {
    const fd = fs.openSync(target, READ_FLAGS);
    try {
      header = Buffer.alloc(16);
      const read = fs.readSync(fd, header, 0, 16, 0);
      if (read === 0) return { kind: 'replaceable' };
      header = header.subarray(0, read);
    } finally {
      fs.closeSync(fd);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'replaceable' };
    throw error;
  }
  if (header.toString('latin1') !== SQLITE_HEADER) return { kind: 'foreign', detail: 'not a SQLite file' };

  // A side file linked elsewhere would be opened (even by a read-only connection) through its link.
  removeLinkedSideFiles(target);
  let db: Database.Database | undefined;
  try {
    db = new Database(target, { readonly: true, fileMustExist: true, timeout: 250 });
    const tables = new Set(db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all() as string[]);
    if (!tables.has('schema_versions') || !tables.has('nodes') || !tables.has('edges') || !tables.has('files')) {
      return { kind: 'foreign', detail: tables.size === 0 ? 'an empty SQLite database' : 'a SQLite database without the codegraph tables' };
    }
    const version = db.prepare('SELECT MAX(version) FROM schema_versions').pluck().get();
    if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
      return { kind: 'foreign', detail: 'schema_versions holds no version' };
    }
    if (version > NEWEST_KNOWN_CODEGRAPH_SCHEMA) return { kind: 'future', version };
    if (version > WRITTEN_SCHEMA) return { kind: 'migrated', version };
    return { kind: 'replaceable' };
  } catch (error) {
    return { kind: 'damaged', detail: error instanceof Error ? error.message : String(error) };
  } finally {
    try {
      db?.close();
    } catch { /* nothing to release */ }
  }
}
