/**
 * Where the cache lives and the rules for touching it. The default folder,
 * `<root>/.codegraph/cache/`, comes from an untrusted checkout just as the graph's folder does
 * (storage/database-location.ts), so nothing here goes through a symlink: folders are looked at
 * with lstat, a link or a file where arbor's own folder belongs is removed (never followed) and
 * replaced by a real folder, packs are created with O_CREAT|O_EXCL|O_NOFOLLOW under a temp name
 * and renamed into place (a reader never sees half a pack, cache-pack.ts), and they are read
 * through the safe reader, which refuses a path whose real location differs from the one asked for.
 *
 * Packs live in `<cache>/packs/<32 hex>.pack`; a folder given with --cache-dir may hold other
 * things, and arbor only ever removes names of its own shapes inside `packs/` (and `extractions/`,
 * where cache format 2 kept its entries).
 */
import fs from 'node:fs';
import path from 'node:path';
import { ensureGitignore } from '../support/local-gitignore.js';
import { PACK_NAME, PACK_TEMP_NAME } from './cache-pack.js';

export const PACKS_FOLDER = 'packs';
/** A temp file untouched this long belongs to a writer that died. */
export const ABANDONED_TEMP_MS = 60_000;

/** Cache format 2 kept one file per entry in `extractions/<2 hex>/<62 hex>`; they are removed. */
const LEGACY_ENTRIES_FOLDER = 'extractions';
const SHARD_NAME = /^[0-9a-f]{2}$/;
const LEGACY_ENTRY_NAME = /^[0-9a-f]{62}$/;
const LEGACY_TEMP_NAME = /^[0-9a-f]{62}\.tmp-/;

export type FolderOutcome = { ok: true; packs: string } | { ok: false; reason: string };

/**
 * Makes `<dir>/packs/` a real folder. `own`: dir is arbor's (under .codegraph/), so a link
 * or file in its place is replaced; a folder the user named that is a link is not used.
 */
export function prepareCacheFolder(dir: string, own: boolean): FolderOutcome {
  try {
    const top = realFolder(dir, own);
    if (top !== 'ok') return { ok: false, reason: `${dir} ${top}` };
    // .codegraph/.gitignore may be its owner's and ignore only the database (codegraph 0.8.0's
    // `*.db`): the cache carries its own, so git never sees it whatever the folder above says.
    if (own) ensureGitignore(dir);
    const packs = path.join(dir, PACKS_FOLDER);
    const inner = realFolder(packs, true);
    if (inner !== 'ok') return { ok: false, reason: `${packs} ${inner}` };
    fs.accessSync(packs, fs.constants.W_OK);
    return { ok: true, packs };
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

/** The names in the packs folder that a pack may have (opening one refuses a link or a non-file: cache-pack.ts). */
export function listPacks(packsDir: string): string[] {
  return readdirOrEmpty(packsDir).filter((name) => PACK_NAME.test(name)).sort();
}

/** Whether any pack is in the packs folder (an empty cache makes a run cold: nothing to look up). */
export function hasAnyPack(packsDir: string): boolean {
  return readdirOrEmpty(packsDir).some((name) => PACK_NAME.test(name));
}

/** Removes a pack (or a link in its place); whether something went. */
export function removePack(packsDir: string, name: string): boolean {
  if (!PACK_NAME.test(name)) return false;
  try {
    fs.rmSync(path.join(packsDir, name), { force: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * Housekeeping after a successful run: temp files of writers that died, links where packs
 * belong, and the entries of cache format 2 (one file per entry under `extractions/`), which no
 * arbor reads any more. Only names of arbor's shapes are touched.
 */
export function removeStrays(dir: string, packsDir: string, now = Date.now()): number {
  let removed = 0;
  const remove = (target: string) => {
    try {
      fs.rmSync(target, { force: true });
      removed++;
    } catch { /* another run removed it */ }
  };
  for (const name of readdirOrEmpty(packsDir)) {
    const target = path.join(packsDir, name);
    const stat = lstatOrUndefined(target);
    if (!stat) continue;
    if (PACK_NAME.test(name) && !stat.isFile()) remove(target);
    else if (PACK_TEMP_NAME.test(name) && (!stat.isFile() || now - stat.mtimeMs > ABANDONED_TEMP_MS)) remove(target);
  }
  const legacy = path.join(dir, LEGACY_ENTRIES_FOLDER);
  if (!lstatOrUndefined(legacy)?.isDirectory()) return removed;
  for (const shard of readdirOrEmpty(legacy)) {
    if (!SHARD_NAME.test(shard)) continue;
    const shardDir = path.join(legacy, shard);
    if (!lstatOrUndefined(shardDir)?.isDirectory()) continue;
    for (const file of readdirOrEmpty(shardDir)) {
      if (LEGACY_ENTRY_NAME.test(file) || LEGACY_TEMP_NAME.test(file)) remove(path.join(shardDir, file));
    }
    removeIfEmpty(shardDir);
  }
  removeIfEmpty(legacy);
  return removed;
}

function removeIfEmpty(folder: string): void {
  try {
    fs.rmdirSync(folder);
  } catch { /* not empty: something not arbor's is there */ }
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
