/**
 * Moves a finished database over the live one so that every reader sees either the old
 * graph or the new one, never a mix.
 *
 * The danger is not the rename itself (atomic on POSIX) but SQLite's side files, which are
 * found by *path*: a `-wal`/`-shm` (or a hot `-journal`) left by the old file would be applied
 * to the new file by the next opener and corrupt it. So before the rename the old file is
 * taken out of WAL mode through SQLite itself, which checkpoints and deletes its side files,
 * and an exclusive lock is held across the rename so no one opens the old file in between.
 * That only works when nobody else has the old file open; otherwise the side files are
 * unlinked by hand (processes holding them keep their open handles and the old graph).
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export const SIDE_FILE_SUFFIXES = ['-wal', '-shm', '-journal'] as const;

export interface ReplaceOutcome {
  /** A database existed at the target before. */
  replacedExisting: boolean;
  /** Another connection had the old database open; its side files were unlinked by hand. */
  previousInUse: boolean;
}

export class DatabaseInUseError extends Error {
  override readonly name = 'DatabaseInUseError';
}

export interface ReplaceOptions {
  /** What to do when the old database is open elsewhere. Default `replace`. */
  ifInUse?: 'replace' | 'fail';
}

export function replaceDatabaseFile(finishedPath: string, targetPath: string, options: ReplaceOptions = {}): ReplaceOutcome {
  if (!fs.existsSync(targetPath)) {
    // Side files without a database (a deleted db, a crashed CLI) would still be applied.
    removeSideFiles(targetPath);
    fs.renameSync(finishedPath, targetPath);
    syncDirectory(path.dirname(targetPath));
    return { replacedExisting: false, previousInUse: false };
  }

  // SQLite finds side files by name and opens them through links: a committed `-wal` symlink
  // would have another file written. Only regular files are side files of ours.
  removeLinkedSideFiles(targetPath);
  const old = openExclusively(targetPath);
  if (old === 'in-use' && options.ifInUse === 'fail') {
    throw new DatabaseInUseError(`${targetPath} is open in another process`);
  }
  try {
    if (old === 'in-use' || old === 'unreadable') removeSideFiles(targetPath);
    fs.renameSync(finishedPath, targetPath);
  } finally {
    if (typeof old === 'object') releaseQuietly(old);
  }
  syncDirectory(path.dirname(targetPath));
  return { replacedExisting: true, previousInUse: old === 'in-use' };
}

/**
 * Opens the old database, switches it to rollback-journal mode (SQLite refuses while any other
 * connection is open, which is how "in use" is detected) and takes an exclusive lock.
 */
function openExclusively(dbPath: string): Database.Database | 'in-use' | 'unreadable' {
  let db: Database.Database;
  try {
    db = new Database(dbPath, { fileMustExist: true, timeout: 250 });
  } catch {
    return 'unreadable';
  }
  try {
    const mode = db.pragma('journal_mode = DELETE', { simple: true });
    if (String(mode).toLowerCase() !== 'delete') {
      releaseQuietly(db);
      return 'in-use';
    }
    db.exec('BEGIN EXCLUSIVE');
    return db;
  } catch (error) {
    releaseQuietly(db);
    return (error as { code?: string }).code === 'SQLITE_BUSY' || (error as { code?: string }).code === 'SQLITE_LOCKED'
      ? 'in-use'
      : 'unreadable';
  }
}

function releaseQuietly(db: Database.Database): void {
  try {
    if (db.inTransaction) db.exec('ROLLBACK');
  } catch { /* the connection is going away anyway */ }
  try {
    db.close();
  } catch { /* nothing left to release */ }
}

export function removeLinkedSideFiles(dbPath: string): void {
  for (const suffix of SIDE_FILE_SUFFIXES) {
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(dbPath + suffix);
    } catch {
      continue;
    }
    if (!stat.isFile()) fs.rmSync(dbPath + suffix, { force: true, recursive: stat.isDirectory() });
  }
}

export function removeSideFiles(dbPath: string): void {
  for (const suffix of SIDE_FILE_SUFFIXES) fs.rmSync(dbPath + suffix, { force: true });
}

/** Makes a rename durable across power loss (best effort: not every platform allows it). */
export function syncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch { /* e.g. Windows cannot open a directory */ } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
