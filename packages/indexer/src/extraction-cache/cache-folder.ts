/**
 * Where the cache lives and the rules for touching it. The default folder,
 * `<root>/.codegraph/cache/`, comes from an untrusted checkout just as the graph's folder does
 * (storage/database-location.ts), so nothing here goes through a symlink: folders are looked at
 * with lstat, a link or a file where arbor's own folder belongs is removed (never followed) and
 * replaced by a real folder, entries are created with O_CREAT|O_EXCL|O_NOFOLLOW under a temp
 * name and renamed into place (a reader never sees half an entry), and they are read through the
 * safe reader, which refuses a path whose real location differs from the one asked for.
 *
 * Entries live in `<cache>/extractions/<2 hex>/<62 hex>`; a folder given with --cache-dir may
 * hold other things, and arbor only ever removes names of that shape inside `extractions/`.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ensureGitignore } from '../storage/database-location.js';

export const ENTRIES_FOLDER = 'extractions';
/** An entry larger than this is neither written nor read (a 1 MiB source extracts to far less). */
export const MAX_ENTRY_BYTES = 64 * 1024 * 1024;
/** A temp file untouched this long belongs to a writer that died. */
export const ABANDONED_TEMP_MS = 60_000;

const CREATE_FLAGS = fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | (fs.constants.O_NOFOLLOW ?? 0);
const ENTRY_NAME = /^[0-9a-f]{64}$/;
const SHARD_NAME = /^[0-9a-f]{2}$/;
const REST_NAME = /^[0-9a-f]{62}$/;
const TEMP_NAME = /^[0-9a-f]{62}\.tmp-/;

export type FolderOutcome = { ok: true; entries: string } | { ok: false; reason: string };

/**
 * Makes `<dir>/extractions/` a real folder. `own`: dir is arbor's (under .codegraph/), so a link
 * or file in its place is replaced; a folder the user named that is a link is not used.
 */
export function prepareCacheFolder(dir: string, own: boolean): FolderOutcome {
  try {
    const top = realFolder(dir, own);
    if (top !== 'ok') return { ok: false, reason: `${dir} ${top}` };
    // .codegraph/.gitignore may be its owner's and ignore only the database (codegraph 0.8.0's
    // `*.db`): the cache carries its own, so git never sees it whatever the folder above says.
    if (own) ensureGitignore(dir);
    const entries = path.join(dir, ENTRIES_FOLDER);
    const inner = realFolder(entries, true);
    if (inner !== 'ok') return { ok: false, reason: `${entries} ${inner}` };
    fs.accessSync(entries, fs.constants.W_OK);
    return { ok: true, entries };
  } catch (error) {
    return { ok: false, reason: `${dir}: ${messageOf(error)}` };
  }
}

/** 'ok' when `dir` is (now) a real folder; otherwise why not. */
function realFolder(dir: string, replaceOddities: boolean): 'ok' | string {
  let stat = lstatOrUndefined(dir);
  if (stat && !stat.isDirectory()) {
    if (!replaceOddities) return stat.isSymbolicLink() ? 'is a symlink; the cache is not used through a link' : 'is not a folder';
    fs.rmSync(dir, { force: true });
    stat = undefined;
  }
  if (!stat) {
    fs.mkdirSync(dir, { recursive: true });
    if (!fs.lstatSync(dir).isDirectory()) return 'could not be made a folder';
  }
  return 'ok';
}

/** The entry's place: shard folder and file name inside the entries folder. */
export function entryPath(name: string): { shard: string; file: string } {
  return { shard: name.slice(0, 2), file: name.slice(2) };
}

/**
 * Writes an entry (from a worker). Best effort: a failure only means a miss next time.
 * Returns whether the entry is in place.
 */
export function writeEntryFile(entriesDir: string, name: string, bytes: Buffer): boolean {
  if (!ENTRY_NAME.test(name) || bytes.length > MAX_ENTRY_BYTES) return false;
  const { shard, file } = entryPath(name);
  const shardDir = path.join(entriesDir, shard);
  let temp: string | undefined;
  let fd: number | undefined;
  try {
    if (realFolder(shardDir, true) !== 'ok') return false;
    temp = path.join(shardDir, `${file}.tmp-${process.pid}-${randomBytes(6).toString('hex')}`);
    fd = fs.openSync(temp, CREATE_FLAGS, 0o644);
    fs.writeSync(fd, bytes);
    fs.closeSync(fd);
    fd = undefined;
    // rename replaces whatever is at the name (a link included), never what a link points to.
    fs.renameSync(temp, path.join(shardDir, file));
    return true;
  } catch {
    if (fd !== undefined) fs.closeSync(fd);
    if (temp !== undefined) fs.rmSync(temp, { force: true });
    return false;
  }
}

/** Whether any entry file is in the entries folder (an empty cache makes a run cold: nothing to look up). */
export function hasAnyEntry(entriesDir: string): boolean {
  for (const shard of readdirOrEmpty(entriesDir)) {
    if (!SHARD_NAME.test(shard)) continue;
    if (readdirOrEmpty(path.join(entriesDir, shard)).some((file) => REST_NAME.test(file))) return true;
  }
  return false;
}

/**
 * After a successful run: removes entries not in `live` (files gone, or changed since), temp
 * files of writers that died, and links. Keeps the cache as large as one run's files.
 */
export function pruneEntries(entriesDir: string, live: ReadonlySet<string>, now = Date.now()): number {
  let removed = 0;
  const remove = (target: string) => {
    try {
      fs.rmSync(target, { force: true });
      removed++;
    } catch { /* another run removed it */ }
  };
  for (const shard of readdirOrEmpty(entriesDir)) {
    if (!SHARD_NAME.test(shard)) continue;
    const shardDir = path.join(entriesDir, shard);
    const shardStat = lstatOrUndefined(shardDir);
    if (!shardStat) continue;
    if (!shardStat.isDirectory()) {
      remove(shardDir);
      continue;
    }
    for (const file of readdirOrEmpty(shardDir)) {
      const target = path.join(shardDir, file);
      if (REST_NAME.test(file)) {
        if (!live.has(shard + file) || !lstatOrUndefined(target)?.isFile()) remove(target);
      } else if (TEMP_NAME.test(file)) {
        const stat = lstatOrUndefined(target);
        if (stat && (!stat.isFile() || now - stat.mtimeMs > ABANDONED_TEMP_MS)) remove(target);
      }
    }
  }
  return removed;
}

function readdirOrEmpty(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

function lstatOrUndefined(file: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(file);
  } catch {
    return undefined;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
