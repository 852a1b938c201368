/**
 * The extraction cache as the pipeline sees it: look an extraction up by key (main thread),
 * collect what this run extracts into one new pack, and prune after a successful run. A cache
 * that cannot be used costs a cold run, never a wrong graph: every entry is checked when read
 * (cache-entry.ts) and anything that fails the check is a miss.
 */
import path from 'node:path';
import { lstatSync } from 'node:fs';
import type { Language } from '../model/graph-vocabulary.js';
import { cacheKeyOf, entryNameOf, type CacheKey } from './cache-key.js';
import { decodeEntry, encodeEntry, type CachedExtraction } from './cache-entry.js';
import { hasAnyPack, listPacks, PACKS_FOLDER, prepareCacheFolder, removePack, removeStrays } from './cache-folder.js';
import { closePack, openPack, PackWriter, readSlot, type OpenPack, type PackSlot } from './cache-pack.js';

export { CACHE_FORMAT } from './cache-key.js';
export type { CachedExtraction } from './cache-entry.js';

/** More packs than this after a run are merged into one (each run adds one). */
const MAX_PACKS = 8;

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
  /** Entry name → where its copies are, over every pack read (filled on first use). */
  private slots: Map<string, PackSlot[]> | undefined;
  private readonly packs: OpenPack[] = [];
  /** Entry name → the copy (`<pack>@<offset>`) this run read and believed: the one `prune` keeps. */
  private readonly believed = new Map<string, string>();
  /** Files with a pack's name that are no pack: removed by `prune`. */
  private readonly malformed: string[] = [];

  private constructor(
    /** The folder the user sees (default `<root>/.codegraph/cache`). */
    readonly dir: string,
    /** `<dir>/packs`, where packs live. */
    readonly packsDir: string,
  ) {}

  /** The cache at `dir`, or why it cannot be used this run. */
  static open(dir: string, own: boolean): ExtractionCache | { unusable: string } {
    const prepared = prepareCacheFolder(dir, own);
    return prepared.ok ? new ExtractionCache(dir, prepared.packs) : { unusable: prepared.reason };
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

  /** The cached extraction of this entry, or undefined (absent, unreadable or failing any check). */
  read(entry: CacheEntryRef): CachedExtraction | undefined {
    // Two runs may each have stored a copy, and one copy may fail its checks where the other passes.
    for (const slot of this.index().get(entry.name) ?? []) {
      const bytes = readSlot(slot);
      const value = bytes && decodeEntry(bytes, entry.key);
      if (value) {
        this.believed.set(slot.name, `${slot.pack.name}@${slot.offset}`);
        return value;
      }
    }
    return undefined;
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
    this.slots = undefined;
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

  /** Opens every pack once and indexes its entries. */
  private index(): Map<string, PackSlot[]> {
    if (this.slots) return this.slots;
    const slots = new Map<string, PackSlot[]>();
    for (const name of listPacks(this.packsDir)) {
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
    this.slots = slots;
    return slots;
  }
}

/** Encodes one extraction for the cache (on the thread that extracted it, so encoding runs in parallel). */
export function encodeForCache(filePath: string, language: Language, contentHash: string, value: CachedExtraction): EncodedEntry {
  const { key, name } = entryRefOf(filePath, language, contentHash);
  return { name, bytes: encodeEntry(key, value) };
}

function entryRefOf(filePath: string, language: Language, contentHash: string): CacheEntryRef {
  const key = cacheKeyOf(filePath, language, contentHash);
  return { key, name: entryNameOf(key) };
}

/** The default cache folder of a graph at `<root>/.codegraph/codegraph.db`: beside it. */
export function defaultCacheDir(databasePath: string): string {
  return path.join(path.dirname(databasePath), 'cache');
}
