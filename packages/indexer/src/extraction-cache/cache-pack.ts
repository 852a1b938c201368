/**
 * A pack: many cache entries in one file, so a run writes one file instead of one per source
 * file, and a cached run opens a handful of files instead of hundreds.
 *
 * Layout: the entries back to back, each exactly as cache-entry.ts encodes it (its own header,
 * key and HMAC), then an index (JSON: `[[entryName, offset, length], …]`), then a 12-byte footer:
 * the magic `arbpack3` and the index's length as a big-endian uint32. The index only says where
 * to look: every entry is checked on its own when read, so a lying index costs misses, never a
 * wrong extraction. A pack is written under a temp name and renamed into place once its footer is
 * on disk, so a pack without a valid footer is not arbor's and is ignored whole.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { openInsideRoot } from '@arbor/vocabulary';

/** Bumped with the layout above (cache-key.ts's CACHE_FORMAT covers the entries inside). */
const MAGIC = Buffer.from('arbpack3', 'latin1');
const FOOTER_BYTES = MAGIC.length + 4;
/** An index of 100,000 entries is about 9 MB; a larger one is not ours. */
const MAX_INDEX_BYTES = 64 * 1024 * 1024;
/** No pack is read past this size (a cache of 100,000 files' extractions is far below it). */
export const MAX_PACK_BYTES = 8 * 1024 * 1024 * 1024;
/** An entry larger than this is neither written nor read (a 1 MiB source extracts to far less). */
export const MAX_ENTRY_BYTES = 64 * 1024 * 1024;

export const PACK_NAME = /^[0-9a-f]{32}\.pack$/;
export const PACK_TEMP_NAME = /^[0-9a-f]{32}\.pack\.tmp-/;
const ENTRY_NAME = /^[0-9a-f]{64}$/;
const CREATE_FLAGS = fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | (fs.constants.O_NOFOLLOW ?? 0);

/** Where one entry's bytes are. */
export interface PackSlot {
  pack: OpenPack;
  /** The entry's name (cache-key.ts). */
  name: string;
  offset: number;
  length: number;
}

/**
 * A pack whose index was read. Its descriptor is closed once the index is read (a cache of
 * thousands of packs must not hold thousands of descriptors) and opened again for the first entry
 * read from it, when it must still be the same file (device, inode, size).
 */
export interface OpenPack {
  name: string;
  packsDir: string;
  bytes: number;
  entries: Array<{ name: string; offset: number; length: number }>;
  identity: { dev: number; ino: number };
  /** Open while entries are being read from it; 'gone' once it could not be opened again. */
  fd?: number | 'gone';
}

/**
 * Opens `<packsDir>/<name>` without following links and reads its index: the pack, 'malformed'
 * when the file is there but is no pack (it is never renamed into place half-written, so it never
 * will be one), or undefined when it cannot be opened (gone, a link, out of descriptors).
 */
export function openPack(packsDir: string, name: string): OpenPack | 'malformed' | undefined {
  if (!PACK_NAME.test(name)) return undefined;
  const opened = openInsideRoot(packsDir, name, { maxBytes: MAX_PACK_BYTES, followSymlinks: false });
  if (!opened.ok) return opened.reason === 'too-large' ? 'malformed' : undefined;
  const size = opened.stat.size;
  try {
    if (size < FOOTER_BYTES) throw new Error('short');
    const footer = readAt(opened.fd, size - FOOTER_BYTES, FOOTER_BYTES);
    if (!footer.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error('magic');
    const indexBytes = footer.readUInt32BE(MAGIC.length);
    const indexStart = size - FOOTER_BYTES - indexBytes;
    if (indexBytes > MAX_INDEX_BYTES || indexStart < 0) throw new Error('index size');
    const index = JSON.parse(readAt(opened.fd, indexStart, indexBytes).toString('utf8')) as unknown;
    if (!Array.isArray(index)) throw new Error('index shape');
    const entries: OpenPack['entries'] = [];
    const names = new Set<string>();
    for (const item of index) {
      if (!Array.isArray(item) || item.length !== 3) throw new Error('index shape');
      const [entry, offset, length] = item as [unknown, unknown, unknown];
      if (typeof entry !== 'string' || !ENTRY_NAME.test(entry)) throw new Error('entry name');
      if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length)) throw new Error('entry place');
      const start = offset as number;
      const bytes = length as number;
      if (start < 0 || bytes <= 0 || bytes > MAX_ENTRY_BYTES || start + bytes > indexStart) throw new Error('entry place');
      // A writer lists each entry once, in a slot of its own: one listed again, or slots that
      // overlap, would let a small pack make a run read its bytes many times over.
      if (names.has(entry)) throw new Error('entry listed twice');
      names.add(entry);
      entries.push({ name: entry, offset: start, length: bytes });
    }
    const byOffset = [...entries].sort((a, b) => a.offset - b.offset);
    for (let i = 1; i < byOffset.length; i++) {
      if (byOffset[i].offset < byOffset[i - 1].offset + byOffset[i - 1].length) throw new Error('slots overlap');
    }
    return { name, packsDir, bytes: size, entries, identity: { dev: opened.stat.dev, ino: opened.stat.ino } };
  } catch {
    return 'malformed';
  } finally {
    fs.closeSync(opened.fd);
  }
}

/** The bytes of one entry, or undefined when they cannot be read in full (a pack cut short or replaced since). */
export function readSlot(slot: PackSlot): Buffer | undefined {
  return readSlotPart(slot, 0, slot.length);
}

/** `length` bytes of an entry from `start` on (within the slot), or undefined when they cannot be read in full. */
export function readSlotPart(slot: PackSlot, start: number, length: number): Buffer | undefined {
  if (start < 0 || length < 0 || start + length > slot.length) return undefined;
  const fd = descriptorOf(slot.pack);
  if (fd === undefined) return undefined;
  try {
    const bytes = readAt(fd, slot.offset + start, length);
    return bytes.length === length ? bytes : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `length` bytes of an entry from `start` on (within the slot) into `target` at `at`: whether they were read in full.
 * A lookup reads every entry into one buffer of its own this way (extraction-cache.ts) instead of a new one per entry.
 */
export function readSlotInto(slot: PackSlot, start: number, length: number, target: Buffer, at: number): boolean {
  if (start < 0 || length < 0 || start + length > slot.length || at < 0 || at + length > target.length) return false;
  const fd = descriptorOf(slot.pack);
  if (fd === undefined) return false;
  try {
    let filled = 0;
    while (filled < length) {
      const n = fs.readSync(fd, target, at + filled, length - filled, slot.offset + start + filled);
      if (n === 0) return false;
      filled += n;
    }
    return true;
  } catch {
    return false;
  }
}

/** The pack's descriptor, opened again on first use; undefined when the file is gone or is another one now. */
function descriptorOf(pack: OpenPack): number | undefined {
  if (typeof pack.fd === 'number') return pack.fd;
  if (pack.fd === 'gone') return undefined;
  const opened = openInsideRoot(pack.packsDir, pack.name, { maxBytes: MAX_PACK_BYTES, followSymlinks: false });
  if (!opened.ok) {
    pack.fd = 'gone';
    return undefined;
  }
  if (opened.stat.dev !== pack.identity.dev || opened.stat.ino !== pack.identity.ino || opened.stat.size !== pack.bytes) {
    fs.closeSync(opened.fd);
    pack.fd = 'gone';
    return undefined;
  }
  pack.fd = opened.fd;
  return opened.fd;
}

export function closePack(pack: OpenPack): void {
  if (typeof pack.fd !== 'number') return;
  try {
    fs.closeSync(pack.fd);
  } catch { /* already closed */ }
  pack.fd = undefined;
}

function readAt(fd: number, position: number, length: number): Buffer {
  const bytes = Buffer.allocUnsafe(length);
  let filled = 0;
  while (filled < length) {
    const n = fs.readSync(fd, bytes, filled, length - filled, position + filled);
    if (n === 0) return bytes.subarray(0, filled);
    filled += n;
  }
  return bytes;
}

/**
 * Appends entries to a new pack, created on the first entry. Best effort throughout: a failure
 * (a full disk, a folder gone) drops this run's pack and only costs misses next time.
 */
export class PackWriter {
  private fd: number | undefined;
  /** The pack's file name once it is in place, and the temp file it is written to until then. */
  private readonly name = `${randomBytes(16).toString('hex')}.pack`;
  private temp: string | undefined;
  private readonly index: Array<[string, number, number]> = [];
  private offset = 0;
  private failed = false;

  constructor(private readonly packsDir: string) {}

  get entryCount(): number {
    return this.index.length;
  }

  add(name: string, bytes: Uint8Array): void {
    if (this.failed || !ENTRY_NAME.test(name) || bytes.length === 0 || bytes.length > MAX_ENTRY_BYTES) return;
    try {
      if (this.fd === undefined) {
        this.temp = path.join(this.packsDir, `${this.name}.tmp-${process.pid}-${randomBytes(6).toString('hex')}`);
        this.fd = fs.openSync(this.temp, CREATE_FLAGS, 0o644);
      }
      writeAll(this.fd, bytes);
      this.index.push([name, this.offset, bytes.length]);
      this.offset += bytes.length;
    } catch {
      this.abandon();
    }
  }

  /** Writes the index and footer and moves the pack into place; its file name, or undefined when there is none. */
  finish(): string | undefined {
    if (this.failed || this.fd === undefined || this.temp === undefined) {
      this.abandon();
      return undefined;
    }
    try {
      const index = Buffer.from(JSON.stringify(this.index), 'utf8');
      const footer = Buffer.alloc(FOOTER_BYTES);
      MAGIC.copy(footer, 0);
      footer.writeUInt32BE(index.length, MAGIC.length);
      writeAll(this.fd, Buffer.concat([index, footer]));
      fs.closeSync(this.fd);
      this.fd = undefined;
      // rename replaces whatever is at the name (a link included), never what a link points to.
      fs.renameSync(this.temp, path.join(this.packsDir, this.name));
      this.temp = undefined;
      return this.name;
    } catch {
      this.abandon();
      return undefined;
    }
  }

  /** Drops the pack being written (nothing of it is left behind). */
  abandon(): void {
    this.failed = true;
    if (this.fd !== undefined) {
      try {
        fs.closeSync(this.fd);
      } catch { /* closing a broken descriptor */ }
      this.fd = undefined;
    }
    if (this.temp !== undefined) {
      fs.rmSync(this.temp, { force: true });
      this.temp = undefined;
    }
  }
}

function writeAll(fd: number, bytes: Uint8Array): void {
  let written = 0;
  while (written < bytes.length) written += fs.writeSync(fd, bytes, written, bytes.length - written);
}
