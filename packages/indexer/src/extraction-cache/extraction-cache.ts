/**
 * The extraction cache as the pipeline sees it: look an extraction up by key (main thread),
 * collect what this run extracts into one new pack, and prune after a successful run. A cache
 * that cannot be used costs a cold run, never a wrong graph: every entry is checked when read
 * (cache-entry.ts) and anything that fails the check is a miss.
 */
import path from 'node:path';
import { lstatSync } from 'node:fs';
import { cacheSecret } from './cache-secret.js';
import type { Language } from '../model/graph-vocabulary.js';
import { cacheKeyOf, entryNameOf, type CacheKey } from './cache-key.js';
import { decodeEntry, encodeEntry, ENTRY_HEADER_PREFIX_BYTES, entryHeaderOf, type CachedExtraction } from './cache-entry.js';
import { hasAnyPack, listPacks, PACKS_FOLDER, prepareCacheFolder, removePack, removeStrays } from './cache-folder.js';
import { closePack, openPack, PackWriter, readSlot, readSlotInto, type OpenPack, type PackSlot } from './cache-pack.js';

export { CACHE_FORMAT } from './cache-key.js';
export type { CachedExtraction } from './cache-entry.js';
export { moveCallSites, withCallSites } from '../extraction/deferred-sites.js';

/** More packs than this after a run are merged into one (each run adds one). */
const MAX_PACKS = 8;
/**
 * A run reads the indexes of this many packs at most, the newest first (a healthy cache holds
 * MAX_PACKS + 1); the others are never read, and go when the run prunes.
 */
export const MAX_PACKS_READ = 32;
/**
 * An entry is read only when it is at most this many bytes per byte of its source file (plus
 * ENTRY_SLACK_BYTES): so what a run reads from the cache is bounded by the tree's source size,
 * whatever a pack's index claims. Measured on the fixtures, google/gson, pytest and axios: the
 * largest entry per source byte was 46x (744 bytes for a 16-byte file), 18-23x in each repository.
 */
export const ENTRY_BYTES_PER_SOURCE_BYTE = 64;
export const ENTRY_SLACK_BYTES = 64 * 1024;

/** A file content's entry: its full key (checked when read) and its name (where packs list it). */
export interface CacheEntryRef {
  key: CacheKey;
  name: string;
}

/** An encoded entry on its way from the thread that extracted it to the run's pack. */
export interface EncodedEntry {
  name: string;
  bytes: Uint8Array;
}

export class ExtractionCache {
  /** Entry name → its copies, one per pack at most, the newest pack's first (filled on first use). */
  private slots: Map<string, PackSlot[]> | undefined;
  private readonly packs: OpenPack[] = [];
  /** Packs past MAX_PACKS_READ: never read, removed by `prune`. */
  private readonly unread: string[] = [];
  /** Bytes read from packs' entries so far (the bound's test reads it). */
  bytesRead = 0;
  /** Entry name → the copy (`<pack>@<offset>`) this run read and believed: the one `prune` keeps. */
  private readonly believed = new Map<string, string>();
  /** Where `read` puts an entry's bytes (each one decoded before the next is read); released by `close`. */
  private scratch: Buffer | undefined;
  /** Files with a pack's name that are no pack: removed by `prune`. */
  private readonly malformed: string[] = [];

  private constructor(
    /** The folder the user sees (default `<root>/.codegraph/cache`). */
    readonly dir: string,
    /** `<dir>/packs`, where packs live. */
    readonly packsDir: string,
    /** The key entries are checked with (cache-secret.ts). */
    private readonly secret: Buffer,
  ) {}

  /** The cache at `dir` for the tree at `root`, or why it cannot be used this run. */
  static open(dir: string, own: boolean, root?: string): ExtractionCache | { unusable: string } {
    const prepared = prepareCacheFolder(dir, own);
    return prepared.ok ? new ExtractionCache(dir, prepared.packs, cacheSecret(root)) : { unusable: prepared.reason };
  }

  /**
   * A look before the cache is opened (nothing is created or repaired): whether `dir` may hold
   * entries. Only a hint, for how many threads to start early; a link is not looked through.
   */
  static mayHoldEntries(dir: string): boolean {
    const packs = path.join(dir, PACKS_FOLDER);
    for (const folder of [dir, packs]) {
      try {
        if (!lstatSync(folder).isDirectory()) return false;
      } catch {
        return false;
      }
    }
    return hasAnyPack(packs);
  }

  /** The entry of this file content (its name is a hash: compute it once per file and pass it on). */
  entry(filePath: string, language: Language, contentHash: string): CacheEntryRef {
    return entryRefOf(filePath, language, contentHash);
  }

  /** Whether a pack lists this entry (unchecked: `read` checks it). */
  has(entry: CacheEntryRef): boolean {
    return this.index().has(entry.name);
  }

  /**
   * The cached extraction of this entry, or undefined (absent, unreadable, larger than a file of
   * `sourceBytes` can give, or failing any check). The header is checked before the payload is read.
   * `callSites` false: without its reference sites other than `extends` / `implements` (cache-entry.ts).
   */
  read(entry: CacheEntryRef, sourceBytes: number, callSites = true): CachedExtraction | undefined {
    try {
      // Two runs may each have stored a copy, and one copy may fail its checks where the other
      // passes; what all copies may cost is bounded by the file's size.
      let allowance = sourceBytes * ENTRY_BYTES_PER_SOURCE_BYTE + ENTRY_SLACK_BYTES;
      for (const slot of this.index().get(entry.name) ?? []) {
        if (slot.length > allowance) continue;
        // Into the lookup's own buffer: what decoding gives holds no view of the bytes it read, and a new
        // buffer per entry was a third of a one-file re-index's garbage on python/mypy.
        const into = this.scratchFor(slot.length);
        const prefixBytes = Math.min(slot.length, ENTRY_HEADER_PREFIX_BYTES);
        if (!readSlotInto(slot, 0, prefixBytes, into, 0)) continue;
        this.bytesRead += prefixBytes;
        allowance -= prefixBytes;
        const header = entryHeaderOf(into.subarray(0, prefixBytes), entry.key);
        if (!header || header.headerBytes + header.payloadBytes !== slot.length) continue;
        // The rest of the entry after its prefix, so no byte is read twice.
        if (slot.length > prefixBytes) {
          if (!readSlotInto(slot, prefixBytes, slot.length - prefixBytes, into, prefixBytes)) continue;
          this.bytesRead += slot.length - prefixBytes;
          allowance -= slot.length - prefixBytes;
        }
        const value = decodeEntry(into.subarray(0, slot.length), entry.key, this.secret, callSites);
        if (value) {
          this.believed.set(slot.name, `${slot.pack.name}@${slot.offset}`);
          return value;
        }
      }
      return undefined;
    } catch {
      // A cache that fails (descriptors, memory) is a miss, never a lost file.
      return undefined;
    }
  }

  /** The lookup's buffer, at least `bytes` long (an entry read is at most its bound: `read`). */
  private scratchFor(bytes: number): Buffer {
    if (this.scratch === undefined || this.scratch.length < bytes) this.scratch = Buffer.allocUnsafe(Math.max(bytes, 64 * 1024));
    return this.scratch;
  }

  /** A writer for this run's pack. */
  writer(): PackWriter {
    return new PackWriter(this.packsDir);
  }

  /**
   * After a successful run (with this run's pack, if it wrote one): packs holding no entry of
   * `live` go, and when the dead entries outweigh the live ones or packs pile up, the live
   * entries are merged into one new pack. Returns how many entries were dropped.
   */
  prune(live: ReadonlySet<string>, runPack?: string): number {
    // Listed afresh (the lookup closed its packs), so the run's pack is among them. Its entries come
    // before other copies: an older copy may be what failed its check this run.
    this.index();
    const own = this.packs.findIndex((p) => p.name === runPack);
    if (own > 0) this.packs.unshift(...this.packs.splice(own, 1));
    const claimed = new Set<string>();
    const kept: Array<{ pack: OpenPack; live: PackSlot[]; dead: number }> = [];
    let dropped = 0;
    let liveBytes = 0;
    let deadBytes = 0;
    for (const name of this.malformed) removePack(this.packsDir, name);
    for (const name of this.unread) removePack(this.packsDir, name);
    for (const pack of this.packs) {
      const slots: PackSlot[] = [];
      let packDeadBytes = 0;
      for (const entry of pack.entries) {
        const believed = this.believed.get(entry.name);
        const keep = believed === undefined ? !claimed.has(entry.name) : believed === `${pack.name}@${entry.offset}`;
        if (live.has(entry.name) && keep) {
          claimed.add(entry.name);
          slots.push({ pack, ...entry });
        } else {
          packDeadBytes += entry.length;
        }
      }
      const dead = pack.entries.length - slots.length;
      if (slots.length === 0) {
        if (removePack(this.packsDir, pack.name)) dropped += dead;
        continue;
      }
      kept.push({ pack, live: slots, dead });
      for (const slot of slots) liveBytes += slot.length;
      deadBytes += packDeadBytes;
    }
    if (kept.length > MAX_PACKS || deadBytes > liveBytes) dropped += this.merge(kept);
    removeStrays(this.dir, this.packsDir);
    this.close();
    this.believed.clear();
    return dropped;
  }

  /** Releases the packs' descriptors. */
  close(): void {
    for (const pack of this.packs) closePack(pack);
    this.packs.length = 0;
    this.malformed.length = 0;
    this.unread.length = 0;
    this.slots = undefined;
    this.scratch = undefined;
  }

  /** Copies the live entries of `kept` into one new pack, then removes the old ones; the dead entries dropped. */
  private merge(kept: Array<{ pack: OpenPack; live: PackSlot[]; dead: number }>): number {
    const writer = this.writer();
    for (const { live } of kept) {
      for (const slot of live) {
        const bytes = readSlot(slot);
        if (bytes) writer.add(slot.name, bytes);
      }
    }
    if (writer.finish() === undefined) return 0;
    let dropped = 0;
    for (const { pack, dead } of kept) if (removePack(this.packsDir, pack.name)) dropped += dead;
    return dropped;
  }

  /** Reads the indexes of the newest MAX_PACKS_READ packs (each closed after) and indexes their entries. */
  private index(): Map<string, PackSlot[]> {
    if (this.slots) return this.slots;
    const slots = new Map<string, PackSlot[]>();
    this.slots = slots;
    const names = newestFirst(this.packsDir, listPacks(this.packsDir));
    this.unread.push(...names.slice(MAX_PACKS_READ));
    for (const name of names.slice(0, MAX_PACKS_READ)) {
      const pack = openPack(this.packsDir, name);
      if (pack === 'malformed') this.malformed.push(name);
      if (typeof pack !== 'object') continue;
      this.packs.push(pack);
      for (const entry of pack.entries) {
        const slot = { pack, ...entry };
        const copies = slots.get(entry.name);
        if (copies) copies.push(slot);
        else slots.set(entry.name, [slot]);
      }
    }
    return slots;
  }
}

/** Encodes one extraction of the tree at `root` for the cache (on the thread that extracted it, so encoding runs in parallel). */
/** `sitesJson`: the JSON of the extraction's reference sites, when the caller has made it already. */
export function encodeForCache(filePath: string, language: Language, contentHash: string, value: CachedExtraction, root?: string, sitesJson?: string): EncodedEntry {
  const { key, name } = entryRefOf(filePath, language, contentHash);
  return { name, bytes: encodeEntry(key, value, cacheSecret(root), sitesJson) };
}

/** Pack names, the most recently written first (a name that cannot be looked at last). */
function newestFirst(packsDir: string, names: string[]): string[] {
  const written = new Map<string, number>();
  for (const name of names) {
    try {
      written.set(name, lstatSync(path.join(packsDir, name)).mtimeMs);
    } catch {
      written.set(name, -Infinity);
    }
  }
  return [...names].sort((a, b) => written.get(b)! - written.get(a)! || (a < b ? -1 : a > b ? 1 : 0));
}

function entryRefOf(filePath: string, language: Language, contentHash: string): CacheEntryRef {
  const key = cacheKeyOf(filePath, language, contentHash);
  return { key, name: entryNameOf(key) };
}

/** The default cache folder of a graph at `<root>/.codegraph/codegraph.db`: beside it. */
export function defaultCacheDir(databasePath: string): string {
  return path.join(path.dirname(databasePath), 'cache');
}
