/**
 * The extraction cache as the pipeline sees it: look an extraction up by key (main thread,
 * before any worker starts), have workers store what they extract, and prune after a
 * successful run. A cache that cannot be used costs a cold run, never a wrong graph: every entry
 * is checked when read (cache-entry.ts) and anything that fails the check is a miss.
 */
import path from 'node:path';
import { openInsideRoot } from '@arbor/vocabulary';
import { closeSync, lstatSync, readSync } from 'node:fs';
import type { Language } from '../model/graph-vocabulary.js';
import { cacheKeyOf, entryNameOf } from './cache-key.js';
import { decodeEntry, encodeEntry, type CachedExtraction } from './cache-entry.js';
import { ENTRIES_FOLDER, entryPath, hasAnyEntry, MAX_ENTRY_BYTES, prepareCacheFolder, pruneEntries, writeEntryFile } from './cache-folder.js';

export { CACHE_FORMAT } from './cache-key.js';
export type { CachedExtraction } from './cache-entry.js';

export class ExtractionCache {
  private constructor(
    /** The folder the user sees (default `<root>/.codegraph/cache`). */
    readonly dir: string,
    /** `<dir>/extractions`, where entries live; what workers are told. */
    readonly entriesDir: string,
  ) {}

  /** The cache at `dir`, or why it cannot be used this run. */
  static open(dir: string, own: boolean): ExtractionCache | { unusable: string } {
    const prepared = prepareCacheFolder(dir, own);
    return prepared.ok ? new ExtractionCache(dir, prepared.entries) : { unusable: prepared.reason };
  }

  /** The entry's name for this file content (what `prune` keeps). */
  nameOf(filePath: string, language: Language, contentHash: string): string {
    return entryNameOf(cacheKeyOf(filePath, language, contentHash));
  }

  /**
   * A look before the cache is opened (nothing is created or repaired): whether `dir` may hold
   * entries. Only a hint, for how many threads to start early; a link is not looked through.
   */
  static mayHoldEntries(dir: string): boolean {
    const entries = path.join(dir, ENTRIES_FOLDER);
    for (const folder of [dir, entries]) {
      try {
        if (!lstatSync(folder).isDirectory()) return false;
      } catch {
        return false;
      }
    }
    return hasAnyEntry(entries);
  }

  /** Whether an entry file is there for this content (unchecked: `read` checks it). */
  has(filePath: string, language: Language, contentHash: string): boolean {
    const { shard, file } = entryPath(entryNameOf(cacheKeyOf(filePath, language, contentHash)));
    try {
      return lstatSync(path.join(this.entriesDir, shard, file)).isFile();
    } catch {
      return false;
    }
  }

  /** The cached extraction of this content, or undefined (absent, unreadable or failing any check). */
  read(filePath: string, language: Language, contentHash: string): CachedExtraction | undefined {
    const key = cacheKeyOf(filePath, language, contentHash);
    const { shard, file } = entryPath(entryNameOf(key));
    const opened = openInsideRoot(this.entriesDir, `${shard}/${file}`, { maxBytes: MAX_ENTRY_BYTES, followSymlinks: false });
    if (!opened.ok) return undefined;
    try {
      // Sized by fstat (one allocation, no copies); a file that grew since is cut short and fails its checksum.
      const bytes = Buffer.allocUnsafe(opened.stat.size);
      let filled = 0;
      while (filled < bytes.length) {
        const n = readSync(opened.fd, bytes, filled, bytes.length - filled, null);
        if (n === 0) return undefined;
        filled += n;
      }
      return decodeEntry(bytes, key);
    } catch {
      return undefined;
    } finally {
      closeSync(opened.fd);
    }
  }

  /** Removes every entry not named in `live`; returns how many files went. */
  prune(live: ReadonlySet<string>): number {
    return pruneEntries(this.entriesDir, live);
  }
}

/** Stores one extraction (called on a worker, which has the result in hand). Best effort. */
export function storeExtraction(entriesDir: string, filePath: string, language: Language, contentHash: string, value: CachedExtraction): boolean {
  const key = cacheKeyOf(filePath, language, contentHash);
  return writeEntryFile(entriesDir, entryNameOf(key), encodeEntry(key, value));
}

/** The default cache folder of a graph at `<root>/.codegraph/codegraph.db`: beside it. */
export function defaultCacheDir(databasePath: string): string {
  return path.join(path.dirname(databasePath), 'cache');
}
