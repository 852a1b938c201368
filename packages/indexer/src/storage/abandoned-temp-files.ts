/**
 * Temp files of writers that died (crash, kill -9) are useless: the next writer removes them.
 *
 * Whether a writer is alive is never judged by the PID in the name: in a container every run is
 * PID 1 (always alive), and another PID namespace sharing the folder has PIDs of its own. Two
 * facts decide instead:
 * - the lock: a live writer builds its temp database with `locking_mode = EXCLUSIVE`, so it
 *   holds SQLite's (fcntl) lock on the file until it closes it; the kernel drops the lock when
 *   the process dies, in whatever namespace it ran. A file whose lock is held is in use.
 * - the age: between closing the database and renaming it into place (an fsync), and before
 *   its first write, a writer holds no lock; no writer spends a minute there. So only files
 *   untouched for ABANDONED_AFTER_MS are candidates, and other temp files (`.gitignore`'s,
 *   renamed within milliseconds) go by age alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export const TEMP_INFIX = '.tmp-';
export const ABANDONED_AFTER_MS = 60_000;

/** SQLite's side files of a temp database go with it. */
const SIDE_SUFFIXES = ['-journal', '-wal', '-shm'];

/** Removes `<baseName>.tmp-*` entries of `dir` that no live writer can still be using. */
export function removeAbandonedTempFiles(dir: string, baseName: string, now = Date.now()): string[] {
  const prefix = baseName + TEMP_INFIX;
  let entries: string[];
  try {
    entries = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const entry of entries) {
    if (!entry.startsWith(prefix) || SIDE_SUFFIXES.some((s) => entry.endsWith(s))) continue;
    const file = path.join(dir, entry);
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(file);
    } catch {
      continue;
    }
    // No writer makes a link or a folder under this name; a link is removed, never followed.
    if (stat.isDirectory()) continue;
    if (stat.isFile() && (now - stat.mtimeMs < ABANDONED_AFTER_MS || lockedByWriter(file))) continue;
    for (const name of [file, ...SIDE_SUFFIXES.map((s) => file + s)]) {
      try {
        fs.rmSync(name, { force: true });
      } catch { /* another writer may have removed it */ }
    }
    removed.push(entry);
  }
  // Side files whose database is gone.
  for (const entry of entries) {
    const suffix = SIDE_SUFFIXES.find((s) => entry.startsWith(prefix) && entry.endsWith(s));
    if (!suffix || fs.existsSync(path.join(dir, entry.slice(0, -suffix.length)))) continue;
    try {
      fs.rmSync(path.join(dir, entry), { force: true });
    } catch { /* gone already */ }
  }
  return removed;
}

/** Whether a live process holds SQLite's lock on `file` (a read cannot even start). */
export function lockedByWriter(file: string): boolean {
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true, timeout: 0 });
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    return false;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
  } finally {
    try {
      db?.close();
    } catch { /* nothing to keep */ }
  }
}
