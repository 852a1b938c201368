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

/** A pack opened for reading: its descriptor (held until `close`) and its index. */
export interface OpenPack {
  name: string;
  fd: number;
  bytes: number;
  entries: Array<{ name: string; offset: number; length: number }>;
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
    for (const item of index) {
      if (!Array.isArray(item) || item.length !== 3) throw new Error('index shape');
      const [entry, offset, length] = item as [unknown, unknown, unknown];
      if (typeof entry !== 'string' || !ENTRY_NAME.test(entry)) throw new Error('entry name');
      if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length)) throw new Error('entry place');
      const start = offset as number;
      const bytes = length as number;
      if (start < 0 || bytes <= 0 || bytes > MAX_ENTRY_BYTES || start + bytes > indexStart) throw new Error('entry place');
      entries.push({ name: entry, offset: start, length: bytes });
    }
    return { name, fd: opened.fd, bytes: size, entries };
  } catch {
    fs.closeSync(opened.fd);
    return 'malformed';
  }
}

/** The bytes of one entry, or undefined when they cannot be read in full (a pack cut short since). */
export function readSlot(slot: PackSlot): Buffer | undefined {
  try {
    const bytes = readAt(slot.pack.fd, slot.offset, slot.length);
    return bytes.length === slot.length ? bytes : undefined;
  } catch {
    return undefined;
  }
}

export function closePack(pack: OpenPack): void {
  try {
    fs.closeSync(pack.fd);
  } catch { /* already closed */ }
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
